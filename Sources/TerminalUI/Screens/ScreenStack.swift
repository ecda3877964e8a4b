/// The navigation stack: routers push, pop, present and replace screens; the application
/// draws the visible ones and sends keys to the top. Holds screens strongly.
public final class ScreenStack {
    public private(set) var screens: [Screen] = []

    public init() {}

    public var top: Screen? { screens.last }
    public var isEmpty: Bool { screens.isEmpty }
    public var count: Int { screens.count }

    /// Screens to draw, bottom first: the top, and beneath each modal the screen it covers.
    public var visibleScreens: ArraySlice<Screen> {
        var start = screens.count - 1
        while start > 0, screens[start].isModal { start -= 1 }
        return screens.suffix(from: max(0, start))
    }

    /// Shows a new full screen on top.
    public func push(_ screen: Screen) {
        screens.append(screen)
        screen.screenDidAppear()
    }

    /// Shows a modal (its `isModal` is true) over the current top, which stays visible beneath it.
    public func present(_ modal: Screen) {
        assert(modal.isModal, "present(_:) is for modal screens; use push(_:)")
        push(modal)
    }

    /// Removes the top screen and returns it; the uncovered screen is told it appeared again.
    @discardableResult
    public func pop() -> Screen? {
        guard let popped = screens.popLast() else { return nil }
        top?.screenDidAppear()
        return popped
    }

    /// Removes `screen` and everything above it (closing a modal that is not on top).
    public func dismiss(_ screen: Screen) {
        guard let index = screens.lastIndex(where: { $0 === screen }) else { return }
        screens.removeSubrange(index...)
        top?.screenDidAppear()
    }
}
