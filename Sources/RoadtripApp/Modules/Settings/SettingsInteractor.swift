import Foundation
import RoadtripCore

/// The Settings screen's use cases: reads and changes the settings file (`SettingsFile` checks each value and
/// writes atomically), then puts the result in force for every screen at once.
final class SettingsInteractor: SettingsInteractorInput {
    private let file: SettingsFile?
    private let service: SettingsService

    init(file: SettingsFile?, service: SettingsService) {
        self.file = file
        self.service = service
    }

    var overrides: SettingsOverrides { service.overrides }

    var location: String? {
        guard let path = file?.url.path else { return nil }
        let home = NSHomeDirectory()
        return home.count > 1 && path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }

    func load() -> SettingsFile.Contents? {
        file?.read()
    }

    func set(_ key: SettingKey, to text: String) throws -> SettingsFile.Contents {
        guard let file else { throw NoSettingsFile() }
        try file.set(key.rawValue, to: text)
        return takeEffect(file)
    }

    func reset(_ key: SettingKey) throws -> SettingsFile.Contents {
        guard let file else { throw NoSettingsFile() }
        try file.unset(key.rawValue)
        return takeEffect(file)
    }

    /// The file as written becomes this run's settings.
    private func takeEffect(_ file: SettingsFile) -> SettingsFile.Contents {
        let contents = file.read()
        service.apply(contents.settings)
        return contents
    }
}
