import Foundation
@testable import RoadtripCore

/// Any bytes as `config.toml`: each setting is the default or, when the file set it, valid (it goes through its
/// own rule again unchanged); problems are single printable lines; nothing traps.
public enum SettingsFuzzCheck {
    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("roadtrip-fuzz-settings-\(getpid())")

    public static func check(_ data: Data) throws {
        let input = String(decoding: data.prefix(200), as: UTF8.self)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("config.toml")
        try data.write(to: url)
        let contents = SettingsFile(url: url).read()
        for key in SettingKey.allCases where !contents.keysFromFile.contains(key) {
            try FuzzCheckFailure.require(key.text(in: contents.settings) == key.text(in: Settings()),
                                         "\(key.rawValue) is not from the file yet not the default", input: input)
        }
        for key in contents.keysFromFile {
            var again = Settings()
            do {
                try key.apply(key.text(in: contents.settings), to: &again)
            } catch {
                throw FuzzCheckFailure(description: "\(key.rawValue) read as \(key.text(in: contents.settings)), "
                                       + "which its own rule refuses (input: \(input.debugDescription))")
            }
            try FuzzCheckFailure.require(key.text(in: again) == key.text(in: contents.settings),
                                         "\(key.rawValue) changes when read again", input: input)
        }
        for problem in contents.problems {
            try FuzzCheckFailure.require(!problem.contains("\n") && !problem.unicodeScalars.contains { $0.value < 0x20 },
                                         "a problem that is not one printable line: \(problem.debugDescription)",
                                         input: input)
        }
    }
}
