import Foundation

/// Why a setting could not be changed. The message can be shown as is.
public enum SettingsError: Error, Equatable, CustomStringConvertible {
    /// Not one of `SettingKey`'s names.
    case unknownKey(String)
    /// The value breaks the key's rule.
    case invalidValue(SettingKey)
    /// The settings file exists but cannot be read or is not TOML: changing it would lose what it holds.
    /// The problem names the file and, for a parse error, the line.
    case unreadable(String)
    /// The new version could not be written; the old one is untouched.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownKey(key):
            let keys = SettingKey.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown setting \"\(key)\"; the settings are \(keys)"
        case let .invalidValue(key):
            return "\(key.rawValue) must be \(key.requirement)"
        case let .unreadable(problem):
            return "\(problem); nothing was changed (fix or remove the file first)"
        case let .unwritable(path, reason):
            return "cannot write \(path): \(reason); the settings are unchanged"
        }
    }

    /// User mistakes (a wrong key or value), as opposed to a file that cannot be used.
    public var isUserError: Bool {
        switch self {
        case .unknownKey, .invalidValue: return true
        case .unreadable, .unwritable: return false
        }
    }
}
