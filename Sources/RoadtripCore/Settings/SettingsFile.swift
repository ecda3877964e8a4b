import Foundation
import SafeText

/// `config.toml`: the user's settings, read with the defaults for whatever it does not say (or says wrongly),
/// and changed one key at a time (`SettingsFile+Writing.swift`).
public struct SettingsFile {
    /// What the file says.
    public struct Contents: Equatable {
        /// The file's valid values, the defaults for the rest.
        public var settings = Settings()
        /// One message per problem, naming the file, line and key, e.g.
        /// "config.toml line 3: speed_kmh must be a number from 10 to 200, not 500; using 80".
        public var problems: [String] = []
        /// The keys whose value comes from the file (the others are defaults).
        public var keysFromFile: Set<SettingKey> = []
    }

    /// `$XDG_CONFIG_HOME/roadtrip/config.toml`, else `~/.config/roadtrip/config.toml`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        // The XDG rule: a relative $XDG_CONFIG_HOME is invalid and ignored.
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("roadtrip/config.toml")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/roadtrip/config.toml")
    }

    public let url: URL
    /// The seam through which tests make a system call fail.
    let fileSystem: FileSystem

    public init(url: URL) {
        self.init(url: url, fileSystem: PosixFileSystem())
    }

    init(url: URL, fileSystem: FileSystem) {
        self.url = url
        self.fileSystem = fileSystem
    }

    /// A missing file is the defaults. An invalid value (or unknown key, or a file that is not TOML) gives a
    /// problem naming the key and line and the default for that key; never throws.
    public func load() -> (settings: Settings, problems: [String]) {
        let contents = read()
        return (contents.settings, contents.problems)
    }

    /// `load()`, also telling which keys the file sets.
    public func read() -> Contents {
        read(keeping: nil)
    }

    /// `read()` for a file changed while the app runs with `inForce`: a file that is not TOML, or a value its rule
    /// refuses, leaves `inForce` whole rather than the defaults (a half-typed edit must not reset the others).
    func read(keeping inForce: Settings?) -> Contents {
        let name = url.lastPathComponent
        let document: TOMLDocument
        do {
            guard let found = try readDocument(url.path) else { return Contents() }
            document = found
        } catch {
            let outcome = inForce == nil ? "using the defaults" : Self.keepingInForce
            return Contents(settings: inForce ?? Settings(),
                            problems: ["\(name)\(Self.place(error)): \(Self.reason(error)); \(outcome)"])
        }
        return Self.contents(of: document, fileName: name, keeping: inForce)
    }

    static let keepingInForce = "keeping the settings in force"

    /// What a document read as `fileName` says: its settings, and a problem for each key that is not one or has a
    /// value its rule refuses, in the order of their lines. A refused value leaves `inForce` whole when given.
    static func contents(of document: TOMLDocument, fileName: String, keeping inForce: Settings? = nil) -> Contents {
        var contents = Contents()
        var problems: [(line: Int, message: String)] = []
        var refused = false
        for (key, value) in document.root.entries {
            let line = document.line(of: key)
            let place = line.map { "\(fileName) line \($0)" } ?? fileName
            guard let setting = SettingKey(rawValue: key) else {
                problems.append((line ?? .max, "\(place): unknown setting \(TerminalSafe.line(key)); ignored"))
                continue
            }
            do {
                try setting.apply(try text(of: value, for: setting), to: &contents.settings)
                contents.keysFromFile.insert(setting)
            } catch {
                let rule = "\(key) must be \(setting.requirement), not \(value.text)"
                let outcome = inForce == nil ? "using \(setting.documentedDefault)" : keepingInForce
                problems.append((line ?? .max, "\(place): \(rule); \(outcome)"))
                refused = true
            }
        }
        contents.problems = problems.sorted { $0.line < $1.line }.map(\.message)
        contents.settings.osrmURLIsSet = contents.keysFromFile.contains(.osrmURL)
        if refused, let inForce { contents.settings = inForce }
        return contents
    }

    /// The value as it would be typed on the command line: TOML's types are not insisted on
    /// (`speed_kmh = "90"` is 90), and a TOML time without seconds (`09:00:00`) is a departure.
    private static func text(of value: TOMLValue, for key: SettingKey) throws -> String {
        switch value {
        case .string(let string): return string
        case .integer(let integer): return String(integer)
        case .float(let float): return SettingRules.format(float)
        case .localTime(let time) where time.second == 0 && time.microsecond == 0:
            return HourMinute.text(minutes: time.hour * 60 + time.minute)
        // A list of words (`avoid = ["ferries", "tolls"]`), as `config set` takes it: comma-separated.
        case .array(let items) where key.takesList:
            return try items.map { item -> String in
                guard case .string(let word) = item, !word.contains(",") else { throw SettingsError.invalidValue(key) }
                return word
            }.joined(separator: ",")
        default: throw SettingsError.invalidValue(key)
        }
    }

    // MARK: Reading the document

    /// The file's document, or nil when there is no file. Refuses what is not a regular file (without hanging on a
    /// FIFO) and what is not TOML.
    func readDocument(_ path: String) throws -> TOMLDocument? {
        guard let data = try fileSystem.readVersion(of: path)?.data else { return nil }
        return try TOMLReader.read(Array(data))
    }

    /// Why the file cannot be used, in words.
    static func reason(_ error: Error) -> String {
        switch error {
        case let fault as TOMLError:
            // The reason may quote the key or string at fault: one visible line for the message.
            return "not TOML (\(TerminalSafe.line(fault.reason)))"
        case let system as SystemCallError where system.code == EINVAL:
            return "cannot be read (it is not a regular file)"
        case let system as SystemCallError:
            return "cannot be read (\(system.message))"
        default:
            return "cannot be read (\(error))"
        }
    }

    /// " line 3, column 7" for a fault in the document, else "".
    static func place(_ error: Error) -> String {
        guard let fault = error as? TOMLError else { return "" }
        return " line \(fault.line), column \(fault.column)"
    }
}
