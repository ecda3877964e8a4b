import Foundation

/// The rules a setting's text must follow, and how values are written back; the rows of `SettingKey` use them.
public enum SettingRules {
    /// Plain decimals only ("80", "1.25"): no sign, exponent, hexadecimal, `inf` or `nan`.
    static func number(_ text: String, in range: ClosedRange<Double>) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let value = Double(text), range.contains(value)
        else { return nil }
        return value
    }

    /// A stop's cost: a plain decimal within `Limits.cost`.
    public static func amount(_ text: String) -> Double? {
        number(text, in: Limits.cost)
    }

    /// Digits only ("45"), in `range`.
    static func wholeNumber(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ ("0"..."9").contains($0) }),
              let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    /// "80", "1.3", "0.00005": whole numbers without ".0", and never an exponent, which `number` refuses.
    static func format(_ value: Double) -> String {
        TOMLValue.decimal(value)
    }

    /// "09:00" or "9:00" → 540.
    static func minutesAfterMidnight(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60
        else { return nil }
        return hours * 60 + minutes
    }

    /// 540 → "09:00".
    static func clock(_ minutes: Int) -> String {
        HourMinute.text(minutes: minutes)
    }

    /// The URL without its last `/`, or nil when it is not http(s) with a host (or holds a query or fragment).
    static func httpURL(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: { TerminalSafe.isUnsafe($0) || $0 == " " }),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil
        else { return nil }
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    static func absolutePath(_ text: String) -> String? {
        guard text.hasPrefix("/"), !text.unicodeScalars.contains(where: TerminalSafe.isUnsafe) else { return nil }
        return text
    }

    /// `absolutePath`, naming a regular file this user may read now: not a folder, nor a FIFO its reader would
    /// wait on.
    static func readableFile(_ text: String) -> String? {
        guard let path = absolutePath(text) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, R_OK) == 0 else { return nil }
        return path
    }

    /// "tolls, ferries,tolls" → [.ferries, .tolls]: each name once, in the cases' own order; nil when one is not
    /// a case. Spaces around a name and empty names are ignored, so an empty text is the empty list.
    static func words<Value: RawRepresentable & CaseIterable & Hashable>(_ text: String, of _: Value.Type) -> [Value]?
    where Value.RawValue == String {
        var found = Set<Value>()
        for name in text.split(separator: ",") {
            let word = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard !word.isEmpty else { continue }
            guard let value = Value(rawValue: word) else { return nil }
            found.insert(value)
        }
        return Value.allCases.filter(found.contains)
    }

    /// "EUR", "kr", "€": 1 to 4 letters or currency symbols, nothing that could break a line or a column.
    static func currency(_ text: String) -> String? {
        guard (1...4).contains(text.count),
              text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.generalCategory == .currencySymbol })
        else { return nil }
        return text
    }

    /// "estimate, osrm or routino".
    static func alternatives(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        // An Array's join, not the slice's: the generic one costs a type lookup as every command starts (the
        // command-line parser builds `config`'s help, which lists the choices).
        return Array(names.dropLast()).joined(separator: ", ") + " or " + last
    }
}
