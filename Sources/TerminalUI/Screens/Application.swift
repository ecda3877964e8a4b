import Foundation

/// The event loop: read an event, give it to the top screen, draw the visible screens, flush
/// once. It draws only after an event (no busy loop: 0 % CPU when idle) and ends when the stack
/// is empty, on Ctrl-C, on `requestQuit()`, or when the terminal asks to quit (signals).
public final class Application {
    public let terminal: Terminal
    public let stack: ScreenStack
    public let messages: MessageLine
    /// Below this size only a "terminal too small" notice is drawn; the screens keep their state.
    public var minimumSize = TerminalSize(rows: 10, columns: 40)
    /// Work that follows each frame of the loop without delaying it (the app saves the change the frame
    /// shows). Returns true when it changed what the screens show, to draw again.
    public var afterFrame: (() -> Bool)?
    /// Asked before a quit the user requested (`q` on the root screen, Ctrl-C): false keeps the app running,
    /// e.g. because it presented a question first (the app asks when a change could not be saved).
    public var mayQuit: (() -> Bool)?
    /// Where each frame's cost is written, when asked for (`FrameLog`).
    public var frameLog: FrameLog?
    private var quitRequested = false
    private let postedLock = NSLock()
    private var posted: [() -> Void] = []

    public init(terminal: Terminal, stack: ScreenStack = ScreenStack(), messages: MessageLine = MessageLine()) {
        self.terminal = terminal
        self.stack = stack
        self.messages = messages
    }

    /// Runs until the app should stop. Returns nil when the user quit (or the stack emptied),
    /// otherwise why the terminal stopped it; either way the caller saves and exits.
    @discardableResult
    public func run() -> QuitReason? {
        quitRequested = false
        renderFrame()
        while !quitRequested, !stack.isEmpty {
            guard let event = terminal.readEvent(timeout: messages.millisecondsLeft()) else {
                let start = DispatchTime.now().uptimeNanoseconds
                messages.expireIfDue()
                render()
                frameLog?.record("timeout", frame: FrameLog.milliseconds(since: start), after: 0)
                continue
            }
            let start = DispatchTime.now().uptimeNanoseconds
            runPosted()
            // Posted work may end the run (a large file whose rest cannot be read): that comes before the event.
            if quitRequested { return nil }
            switch event {
            case .quit(let reason):
                return reason
            case .key(let key):
                handle(key)
            case .wake:
                break
            }
            if !quitRequested, !stack.isEmpty {
                render()
                let drawn = DispatchTime.now().uptimeNanoseconds
                if afterFrame?() == true { render() }
                frameLog?.record(event.logName, frame: Double(drawn - start) / 1e6,
                                 after: FrameLog.milliseconds(since: drawn))
            }
        }
        return nil
    }

    /// Runs `action` on the loop's thread before the next frame; callable from any thread (a background
    /// load that finished). The terminal is woken so the frame comes at once.
    public func post(_ action: @escaping () -> Void) {
        postedLock.lock()
        posted.append(action)
        postedLock.unlock()
        terminal.wake()
    }

    /// Runs the work posted from other threads (the loop does it before each event; a driver that feeds keys
    /// one at a time, like the benchmarks, calls it itself).
    public func runPosted() {
        postedLock.lock()
        let actions = posted
        posted = []
        postedLock.unlock()
        actions.forEach { $0() }
    }

    /// Ends `run()` after the current event (a screen's "quit" command), unless `mayQuit` says no.
    public func requestQuit() {
        if mayQuit?() == false { return }
        quitRequested = true
    }

    /// Ends `run()` after the current event without asking (the answer to `mayQuit`'s question, a file that
    /// turned out unreadable).
    public func quitNow() {
        quitRequested = true
    }

    /// Whether the terminal is below `minimumSize`.
    public var isTooSmall: Bool {
        let size = terminal.size
        return size.rows < minimumSize.rows || size.columns < minimumSize.columns
    }

    /// Works everywhere, before the top screen, even on one that takes every key.
    public static let quitKeys = KeyTable<Application>([
        .init([.ctrl("c")], "quit at once") { $0.requestQuit() },
    ])

    /// The keys the top screen leaves to the application; the help lists them from here.
    public static let globalKeys = KeyTable<Application>([
        .init([.character("?")], "this help") { app in
            guard let top = app.stack.top, !(top is HelpOverlay) else { return }
            app.stack.present(HelpOverlay(for: top, stack: app.stack))
        },
        // Back, or on the root screen `q` quits: through `requestQuit`, the one way out that asks `mayQuit`.
        .init([.character("q")], "back (quit on the first screen)") { app in
            if app.stack.count > 1 { app.stack.pop() } else { app.requestQuit() }
        },
        .init([.escape], "back / cancel") { app in
            if app.stack.count > 1 { app.stack.pop() }
        },
    ])

    /// Routes one key: Ctrl-C quits; otherwise the top screen, then the global fallbacks.
    public func handle(_ key: Key) {
        if Self.quitKeys.handle(key, on: self) { return }
        if key == .resize || isTooSmall { return }  // layout happens in render(); nothing else while too small
        messages.clear()
        guard let top = stack.top, top.handle(key) == .ignored else { return }
        // The wheel is no key the help lists: a screen that leaves it gets ↑ / ↓.
        if key == .scrollUp || key == .scrollDown { _ = top.handle(key == .scrollUp ? .up : .down); return }
        Self.globalKeys.handle(key, on: self)
    }

    /// Draws a frame, then does the work that follows it (`afterFrame`), drawing again if that changed anything.
    public func renderFrame() {
        render()
        if afterFrame?() == true { render() }
    }

    /// Draws one frame: the visible screens over a cleared surface, the bottom line, one flush.
    public func render() {
        terminal.clear()
        terminal.hideCursor()
        let size = terminal.size
        if isTooSmall {
            renderTooSmall(size)
        } else {
            let area = Rect(row: 0, column: 0, rows: size.rows - 1, columns: size.columns)
            let visible = stack.visibleScreens
            for screen in visible {
                terminal.hideCursor()  // only the top screen may show a cursor
                screen.render(on: terminal, in: area)
            }
            renderBottomLine(row: size.rows - 1, width: size.columns)
        }
        terminal.flush()
    }

    private func renderBottomLine(row: Int, width: Int) {
        if messages.text != nil {
            messages.render(on: terminal, row: row, width: width)
        } else if let top = stack.top {
            var keys = top.statusHints
            // Screens that take every key (modals; forms, where `?` is typed) list their own help key, if any.
            if !top.takesEveryKey { keys.append(KeyHelp("?", "help")) }
            StatusBar(title: top.title, keys: keys).render(on: terminal, row: row, width: width)
        }
    }

    private func renderTooSmall(_ size: TerminalSize) {
        let lines = ["Terminal too small", "need \(minimumSize.columns)x\(minimumSize.rows)"]
        let shown = lines.prefix(max(1, size.rows))
        let firstRow = max(0, (size.rows - shown.count) / 2)
        for (offset, line) in shown.enumerated() {
            let width = min(TextWidth.width(line), size.columns)
            terminal.draw(line, row: firstRow + offset, column: max(0, (size.columns - width) / 2), width: size.columns, attributes: .error)
        }
    }
}
