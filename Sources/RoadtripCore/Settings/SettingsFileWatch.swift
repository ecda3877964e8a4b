import Foundation

/// Follows `config.toml` while the app runs, so a change made elsewhere (another shell's `config set`, an editor)
/// takes effect: `check()` stats the file and reads it only when its version changed. A file that cannot be used
/// keeps the last good settings, and its problems are told once per version of the file, not at every check.
/// Used from one thread at a time.
public final class SettingsFileWatch {
    /// What a changed file means for the run.
    public struct Reload: Equatable {
        /// The file's settings (without this run's overrides), when they differ from the last good ones.
        public var settings: Settings?
        /// What is wrong with this version of the file.
        public var problems: [String]
    }

    private let file: SettingsFile
    private var version: FileFingerprint?
    private var lastGood: Settings

    /// Starts from the file as it is now.
    public init(file: SettingsFile) {
        self.file = file
        version = Self.version(of: file)
        lastGood = file.read().settings
    }

    /// nil when the file is the version last checked, or a new version that changes nothing and has no problem.
    public func check() -> Reload? {
        let current = Self.version(of: file)
        guard current != version else { return nil }
        version = current
        let contents = file.read(keeping: lastGood)
        let changed = contents.settings != lastGood
        lastGood = contents.settings
        guard changed || !contents.problems.isEmpty else { return nil }
        return Reload(settings: changed ? contents.settings : nil, problems: contents.problems)
    }

    /// nil when there is no file (or it cannot be looked at; reading it then says why).
    private static func version(of file: SettingsFile) -> FileFingerprint? {
        (try? file.fileSystem.stat(file.url.path)).map(FileFingerprint.init)
    }
}
