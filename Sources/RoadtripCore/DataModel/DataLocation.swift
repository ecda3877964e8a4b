import Foundation

/// Where the trips file lives: `--data PATH`, else `$ROADTRIP_DATA`, else `$XDG_DATA_HOME/roadtrip/trips.json`,
/// else `~/.local/share/roadtrip/trips.json`.
public enum DataLocation {
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> URL
    {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: expand(explicit, environment)) }
        if let path = environment["ROADTRIP_DATA"], !path.isEmpty {
            return URL(fileURLWithPath: expand(path, environment))
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("roadtrip/trips.json")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/roadtrip/trips.json")
    }

    private static func expand(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
