import Foundation
@testable import RoadtripCore

/// Any bytes as `config.toml`, read and edited in memory: each setting is the default or, when the file set it,
/// valid (it goes through its own rule again unchanged); problems are single printable lines; a document that reads
/// reads the same again; `config set` and `unset` on it give a document that reads, with that key changed and
/// every other one as it was; nothing traps.
public enum SettingsFuzzCheck {
    public static func check(_ data: Data) throws {
        let input = String(decoding: data.prefix(200), as: UTF8.self)
        let bytes = Array(data)
        let document: TOMLDocument
        do {
            document = try TOMLReader.read(bytes)
        } catch let fault as TOMLError {
            let problem = "config.toml line \(fault.line), column \(fault.column): \(SettingsFile.reason(fault))"
            try requireOneLine(problem, input: input)
            return
        }
        let contents = SettingsFile.contents(of: document, fileName: "config.toml")
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
        for problem in contents.problems { try requireOneLine(problem, input: input) }
        try checkEdits(document, input: input)
    }

    /// Setting and removing a key chosen by the input: the result reads, the key is as set (or gone), the rest
    /// is unchanged.
    private static func checkEdits(_ document: TOMLDocument, input: String) throws {
        let keys = SettingKey.allCases
        let key = keys[document.bytes.count % keys.count]
        let values = ["units": "mi", "router": "osrm", "osrm_url": "http://h:1", "routino_dir": "/r", "speed_kmh": "10.000001",
                      "detour": "1.00005", "daily_limit_hours": "7", "range_km": "9", "vehicle": "ev",
                      "departure": "06:05", "break_after_hours": "0.00005", "break_minutes": "5"]
        var wanted = Settings()
        let value = values[key.rawValue] ?? ""
        try? key.apply(value, to: &wanted)
        let set = try TOMLReader.read(try document.setting(key.rawValue, to: key.row.toml(wanted)))
        let afterSet = SettingsFile.contents(of: set, fileName: "config.toml")
        try FuzzCheckFailure.require(afterSet.keysFromFile.contains(key)
                                     && key.text(in: afterSet.settings) == key.text(in: wanted),
                                     "set \(key.rawValue) \(value) does not read back", input: input)
        try requireOthersUnchanged(document.root, set.root, except: key.rawValue, input: input)
        guard let removed = document.removing(key.rawValue) else {
            try FuzzCheckFailure.require(document.root[key.rawValue] == nil, "\(key.rawValue) is read but not found",
                                         input: input)
            return
        }
        let unset = try TOMLReader.read(removed)
        try FuzzCheckFailure.require(unset.root[key.rawValue] == nil, "unset \(key.rawValue) leaves it", input: input)
        try requireOthersUnchanged(document.root, unset.root, except: key.rawValue, input: input)
    }

    private static func requireOthersUnchanged(_ before: TOMLTable, _ after: TOMLTable, except key: String,
                                               input: String) throws {
        try FuzzCheckFailure.require(before.keys.filter { $0 != key } == after.keys.filter { $0 != key }
                                     && before.keys.allSatisfy { $0 == key || before[$0] == after[$0] },
                                     "editing \(key) changes another key", input: input)
    }

    private static func requireOneLine(_ problem: String, input: String) throws {
        try FuzzCheckFailure.require(!problem.contains("\n") && !problem.unicodeScalars.contains { $0.value < 0x20 },
                                     "a problem that is not one printable line: \(problem.debugDescription)",
                                     input: input)
    }
}
