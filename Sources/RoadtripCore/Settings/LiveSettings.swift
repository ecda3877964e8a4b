import Foundation

/// The settings in force while the app runs, shared by reference: presenters read them when they format,
/// so a change (the Settings screen) shows everywhere at once. The route service reads them from its own
/// thread, hence the lock.
public final class LiveSettings: @unchecked Sendable {
    private let lock = NSLock()
    private var settings: Settings

    public init(_ settings: Settings) {
        self.settings = settings
    }

    public var current: Settings {
        get { lock.lock(); defer { lock.unlock() }; return settings }
        set { lock.lock(); settings = newValue; lock.unlock() }
    }
}
