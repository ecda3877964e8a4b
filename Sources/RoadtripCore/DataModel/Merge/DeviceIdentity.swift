import Foundation

/// This installation's device id for edit stamps: kept in `$XDG_STATE_HOME/roadtrip/device` (else
/// `~/.local/state/roadtrip/device`), made there (0600) on the first change, so a command that only reads leaves
/// nothing behind. The state folder must not be synced between machines (it holds what is this machine's); where
/// the file cannot be read or written, each run is a new device: stamps stay right, `seen` grows by one.
public enum DeviceIdentity {
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> DeviceID {
        let file = folder(environment).appendingPathComponent("device")
        if let text = try? String(contentsOf: file, encoding: .utf8),
           let device = DeviceID(text.trimmingCharacters(in: .whitespacesAndNewlines)), device.value != 0 {
            return device
        }
        let device = DeviceID.random()
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        FileManager.default.createFile(atPath: file.path, contents: Data((device.description + "\n").utf8),
                                       attributes: [.posixPermissions: 0o600])
        return device
    }

    private static func folder(_ environment: [String: String]) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("roadtrip")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state/roadtrip")
    }
}
