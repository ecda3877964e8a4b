/// Everything the file, `roadtrip config` and the Settings screen know of one setting, as `KeyTable`'s rows are for
/// keys. The constructors tie the parts together: a number's rule, hint and TOML form come from its range, a
/// choice's rule and steps from its cases, so they cannot disagree.
struct SettingRow {
    /// The file's name ("speed_kmh"): the contract with the user's file.
    let name: String
    /// One line saying what the setting does and what it takes.
    let hint: String
    /// What it takes, completing "speed_kmh must be …".
    let requirement: String
    /// The values Enter steps through on the Settings screen; nil for a typed value.
    let choices: [String]?
    /// Stores the value `text` stands for in the settings; false (nothing stored) when it breaks the rule.
    let read: (String, inout Settings) -> Bool
    /// The value as the user would write it ("80", "09:00"); a default folder as it resolves in the environment
    /// given (the folder the app would use, not a variable's name).
    let text: (Settings, _ environment: [String: String]) -> String
    /// The default as help describes it, the same on every machine ("$XDG_DATA_HOME/roadtrip/routino").
    let documentedDefault: String
    /// The value as `config set` writes it to the file.
    let toml: (Settings) -> TOMLValue

    private init<Value>(_ name: String, _ path: WritableKeyPath<Settings, Value>, requirement: String, hint: String,
                        choices: [String]? = nil, parse: @escaping (String) -> Value?,
                        format: @escaping (Value, [String: String]) -> String, documentedDefault: String? = nil,
                        toml: @escaping (Value) -> TOMLValue) {
        self.name = name
        self.hint = hint
        self.requirement = requirement
        self.choices = choices
        read = { text, settings in
            guard let value = parse(text) else { return false }
            settings[keyPath: path] = value
            return true
        }
        text = { format($0[keyPath: path], $1) }
        self.documentedDefault = documentedDefault ?? format(Settings()[keyPath: path], [:])
        self.toml = { toml($0[keyPath: path]) }
    }

    /// A plain decimal in `range`, written as a TOML number (whole ones as integers); the hint ends with the range
    /// ("The estimate's average speed, 10 to 200 km/h").
    static func number(_ name: String, _ path: WritableKeyPath<Settings, Double>, _ range: ClosedRange<Double>,
                       unit: String = "", hint: String) -> SettingRow {
        let bounds = "\(SettingRules.format(range.lowerBound)) to \(SettingRules.format(range.upperBound))"
        return SettingRow(name, path, requirement: "a number from \(bounds)", hint: "\(hint), \(bounds)\(unit)",
                          parse: { SettingRules.number($0, in: range) },
                          format: { value, _ in SettingRules.format(value) },
                          toml: { $0 == $0.rounded() && abs($0) < 1e15 ? .integer(Int64($0)) : .float($0) })
    }

    /// A whole number in `range` ("45"), written as a TOML integer; the hint ends with the range.
    static func integer(_ name: String, _ path: WritableKeyPath<Settings, Int>, _ range: ClosedRange<Int>,
                        unit: String = "", hint: String) -> SettingRow {
        let bounds = "\(range.lowerBound) to \(range.upperBound)"
        return SettingRow(name, path, requirement: "a whole number from \(bounds)", hint: "\(hint), \(bounds)\(unit)",
                          parse: { SettingRules.wholeNumber($0, in: range) },
                          format: { value, _ in String(value) }, toml: { .integer(Int64($0)) })
    }

    /// One of `Value`'s names, written as a string; Enter steps through them.
    static func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ path: WritableKeyPath<Settings, Value>,
                                                               hint: String) -> SettingRow
    where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return SettingRow(name, path, requirement: SettingRules.alternatives(names), hint: hint, choices: names,
                          parse: Value.init(rawValue:), format: { value, _ in value.rawValue },
                          toml: { .string($0.rawValue) })
    }

    /// Some of `Value`'s names ("ferries,tolls", or a TOML array of them), kept in the names' own order without
    /// repeats and written as an array. With `orNone`, "none" (or nothing) is the empty list; without, one is needed.
    static func list<Value: RawRepresentable & CaseIterable & Hashable>(
        _ name: String, _ path: WritableKeyPath<Settings, [Value]>, orNone: Bool, hint: String
    ) -> SettingRow where Value.RawValue == String {
        let names = SettingRules.alternatives(Value.allCases.map(\.rawValue))
        return SettingRow(name, path, requirement: "a comma-separated list of " + names + (orNone ? ", or none" : ""),
                          hint: hint, parse: { text in
                              if orNone, text.lowercased() == "none" { return [] }
                              guard let list = SettingRules.words(text, of: Value.self), orNone || !list.isEmpty
                              else { return nil }
                              return list
                          },
                          format: { value, _ in value.isEmpty ? "none" : value.map(\.rawValue).joined(separator: ",") },
                          toml: { .array($0.map { .string($0.rawValue) }) })
    }

    /// A typed value with its own rule, written as the string `format` gives.
    static func text<Value>(_ name: String, _ path: WritableKeyPath<Settings, Value>, requirement: String, hint: String,
                            parse: @escaping (String) -> Value?, format: @escaping (Value) -> String) -> SettingRow {
        SettingRow(name, path, requirement: requirement, hint: hint, parse: parse,
                   format: { value, _ in format(value) }, toml: { .string(format($0)) })
    }

    /// An absolute folder; unset, the folder `defaultFolder` resolves in the environment (shown as that path, so
    /// the user sees where it is), which help describes as `documentedDefault`.
    static func folder(_ name: String, _ path: WritableKeyPath<Settings, String?>, hint: String,
                       documentedDefault: String, defaultFolder: @escaping ([String: String]) -> String) -> SettingRow {
        SettingRow(name, path, requirement: "an absolute path (starting with /)", hint: hint,
                   parse: { SettingRules.absolutePath($0).map(Optional.some) },
                   format: { value, environment in value ?? defaultFolder(environment) },
                   documentedDefault: documentedDefault,
                   toml: { .string($0 ?? "") })  // never nil: what `parse` reads is a path
    }

    /// The absolute path of a file the user can read, holding `what` (`reads` says whether it does), or "built-in"
    /// (or nothing) for none: shown as "built-in" and written as an empty string.
    static func file(_ name: String, _ path: WritableKeyPath<Settings, String?>, holding what: String, hint: String,
                     reads: @escaping (String) -> Bool) -> SettingRow {
        SettingRow(name, path, requirement: "the absolute path of a readable file of \(what), or built-in", hint: hint,
                   parse: { text in
                       if text.isEmpty || text == "built-in" { return .some(nil) }
                       guard let file = SettingRules.readableFile(text), reads(file) else { return nil }
                       return file
                   },
                   format: { value, _ in value ?? "built-in" }, toml: { .string($0 ?? "") })
    }
}
