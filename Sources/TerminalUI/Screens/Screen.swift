/// A View: one full screen or modal, drawn from scratch every frame through `Terminal`.
/// The stack owns screens strongly; anything a screen points back to should be weak.
public protocol Screen: AnyObject {
    /// Shown in the status bar and at the top of the help overlay.
    var title: String { get }
    /// A modal (dialog, picker) is drawn over the screen below it instead of replacing it.
    var isModal: Bool { get }
    /// Every key this screen understands, for the help overlay; some also go in the status bar.
    var keyHelp: [KeyHelp] { get }
    /// The keys the status bar offers; by default the help lines marked `inStatusBar`.
    var statusHints: [KeyHelp] { get }
    /// Whether the screen uses every key itself, so the application's `?` and `q` do not work there (a form,
    /// where they are typed; a modal); its help then lists only its own keys.
    var takesEveryKey: Bool { get }
    /// Draws the screen inside `area` (the terminal minus the status line).
    func render(on terminal: Terminal, in area: Rect)
    /// Handles one key. Return `.ignored` to let the application apply its global keys
    /// (`?` help, `q`/Esc back, mouse wheel as arrows).
    func handle(_ key: Key) -> KeyResult
    /// Called each time the screen becomes the top of the stack (pushed, or uncovered by a pop).
    func screenDidAppear()
}

extension Screen {
    public var isModal: Bool { false }
    public var statusHints: [KeyHelp] { keyHelp.filter(\.inStatusBar) }
    public var takesEveryKey: Bool { isModal }
    public func screenDidAppear() {}
}

/// Whether a screen used a key.
public enum KeyResult: Equatable, Sendable {
    case handled, ignored
}

/// One line of key help: "a" → "add trip". `inStatusBar` puts it in the bottom line too.
public struct KeyHelp: Equatable, Sendable {
    public var keys: String
    public var action: String
    public var inStatusBar: Bool

    public init(_ keys: String, _ action: String, inStatusBar: Bool = false) {
        self.keys = keys
        self.action = action
        self.inStatusBar = inStatusBar
    }
}
