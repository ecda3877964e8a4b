import Foundation
import RoadtripCore

/// Presenter → interactor: the settings file, and the settings this run uses.
public protocol SettingsInteractorInput: AnyObject {
    /// Where the file is, for the header ("~/.config/roadtrip/config.toml"); nil without one.
    var location: String? { get }
    var overrides: SettingsOverrides { get }
    /// What the file says now (the defaults for what it does not say, and its problems); nil without a file.
    func load() -> SettingsFile.Contents?
    /// Writes `text` for `key` to the file and makes every screen use it; returns the file as it now is.
    /// Throws `SettingsError.invalidValue` for a value that breaks the key's rule (nothing is written).
    func set(_ key: SettingKey, to text: String) throws -> SettingsFile.Contents
    /// Removes `key` from the file (back to its default), like `set`.
    func reset(_ key: SettingKey) throws -> SettingsFile.Contents
}

/// Presenter → view.
public protocol SettingsViewInput: AnyObject {
    func show(_ model: SettingsViewModel)
}

/// View → presenter.
public protocol SettingsViewOutput: AnyObject {
    func viewWillAppear()
    func didMoveSelection(to row: Int)
    /// Enter: the next value for a key with a few words, else a prompt.
    func didRequestChange()
    /// Back to the default (the key leaves the file).
    func didRequestReset()
    func didRequestBack()
}

/// Presenter → router: the shared dialogs only.
public protocol SettingsRouterInput: CommonRouting {}

/// What the Settings screen shows.
public struct SettingsViewModel: Equatable {
    public struct Row: Equatable {
        /// The file's name for it ("speed_kmh").
        public let key: String
        /// As the user would write it ("80", "09:00").
        public let value: String
        /// "(default)" when the file does not set it, else "".
        public let note: String
    }

    public let title: String
    /// The file's path, or why there is none.
    public let location: String
    /// "--units mi for this run" when the command line overrides a setting.
    public let overrideNote: String?
    public let rows: [Row]
    public let selectedIndex: Int
    /// What the selected setting does and takes.
    public let hint: String
    public let message: StatusMessage?
}
