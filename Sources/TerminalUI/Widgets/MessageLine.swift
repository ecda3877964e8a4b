import Dispatch

/// The transient message at the bottom ("Saved", "Could not save: disk full"). It covers the
/// status bar until the next key or until it times out; the event loop wakes up to expire it.
public final class MessageLine {
    public enum Kind: Equatable, Sendable { case info, error }

    public private(set) var text: String?
    public private(set) var kind: Kind = .info
    private var deadline: UInt64 = 0
    private let now: () -> UInt64

    /// `now` is a monotonic clock in milliseconds; tests pass their own.
    public init(now: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds / 1_000_000 }) {
        self.now = now
    }

    /// Shows a message; errors stay longer by default.
    public func show(_ text: String, kind: Kind = .info, milliseconds: Int? = nil) {
        self.text = text
        self.kind = kind
        deadline = now() + UInt64(max(0, milliseconds ?? (kind == .error ? 10_000 : 4_000)))
    }

    public func clear() {
        text = nil
    }

    /// How long the event loop may sleep before the message must disappear; nil when none is shown.
    func millisecondsLeft() -> Int? {
        guard text != nil else { return nil }
        let current = now()
        return current >= deadline ? 0 : Int(deadline - current)
    }

    /// Clears the message if its time is up.
    func expireIfDue() {
        if let left = millisecondsLeft(), left == 0 { clear() }
    }

    func render(on terminal: Terminal, row: Int, width: Int) {
        guard let text else { return }
        terminal.drawPadded(text, row: row, column: 0, width: width, attributes: kind == .error ? .error : .normal)
    }
}
