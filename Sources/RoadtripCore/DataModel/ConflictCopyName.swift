/// What a conflict copy's name says: which tool wrote it and, for a stable order, when.
///
/// A copy's name is the data file's stem, a tool's mark, then the data file's extension, byte for byte (the
/// tools keep the name they were given, and these file systems tell `trips.JSON` from `trips.json`). The stem
/// and extension split at the last dot, as the tools split them; `trips` alone has no extension. No part a tool
/// adds takes U+FFFD: a listing repairs a name that is not UTF-8 with it, and that name would open another file.
struct ConflictCopyName {
    let tool: SyncTool
    /// `yyyyMMddHHmmss` from the name, or "" when the tool writes no time (OneDrive, Resilio).
    let stamp: String
    /// The tool's count among copies of one stamp (Dropbox ` (2)`, OneDrive `-safeBackup-0002`), else 0.
    let number: Int

    /// `nil` unless `name` is a copy of `dataName` in one tool's pattern (no name fits two).
    init?(_ name: String, of dataName: String) {
        let data = Array(dataName.utf8)
        let dot = data.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 > 0 ? $0 : nil } ?? data.endIndex
        let stem = data[..<dot], ext = data[dot...]
        let bytes = Array(name.utf8)
        guard bytes.count > data.count, bytes.starts(with: stem), bytes.reversed().starts(with: ext.reversed())
        else { return nil }
        let mark = NameBytes(bytes[stem.count..<(bytes.count - ext.count)])
        for (tool, match) in Self.patterns {
            if let (stamp, number) = match(mark) {
                self.tool = tool
                self.stamp = stamp
                self.number = number
                return
            }
        }
        return nil
    }

    private static let patterns: [(SyncTool, (NameBytes) -> (String, Int)?)] = [
        (.syncthing, syncthing), (.nextcloud, nextcloud), (.dropbox, dropbox), (.oneDrive, oneDrive),
        (.resilio, resilio),
    ]

    /// `.sync-conflict-20270601-101500-ABCDEFG`. Syncthing's `conflictName` (lib/model/folder_sendrecv.go,
    /// github.com/syncthing/syncthing) inserts `time.Now().Format(".sync-conflict-20060102-150405-") + lastModBy`
    /// before the extension; `lastModBy` is `ShortID.String()` (lib/protocol/deviceid.go): the first 7
    /// characters of the device ID in base32, or "" for a version with no author.
    private static func syncthing(_ mark: NameBytes) -> (String, Int)? {
        var mark = mark
        guard mark.drop(".sync-conflict-"), let date = mark.digits(8), mark.drop("-"), let time = mark.digits(6),
              mark.drop("-"), mark.isEmpty || (mark.count == 7 && mark.all(isBase32))
        else { return nil }
        return (date + time, 0)
    }

    /// ` (conflicted copy 2027-06-01 101500)`, or ` (conflicted copy anna 2027-06-01 101500)`. Nextcloud
    /// desktop's `Utility::makeConflictFileName` (src/common/utility.cpp, github.com/nextcloud/desktop) inserts
    /// `" (conflicted copy " + [user + " "] + dt.toString("yyyy-MM-dd hhmmss") + ")"` before the last dot;
    /// the user name has its parentheses replaced so that the mark's end can be found.
    private static func nextcloud(_ mark: NameBytes) -> (String, Int)? {
        var mark = mark
        guard mark.drop(" (conflicted copy "), mark.dropLast(")"), let time = mark.lastDigits(6),
              mark.dropLast(" "), let date = mark.lastDate()
        else { return nil }
        if !mark.isEmpty {
            guard mark.dropLast(" "), mark.isPersonName, !mark.contains("("), !mark.contains(")") else { return nil }
        }
        return (date + time, 0)
    }

    /// ` (Anna's conflicted copy 2027-06-01)` or ` (conflicted copy 2027-06-01)`, then ` (1)`, ` (2)`... when
    /// that name is taken. help.dropbox.com/syncing-uploads/conflicted-copy: "The editor's username,
    /// “conflicted copy”, and the save date will be added to the filename"; as written on disk, e.g.
    /// `MY PUPPY (COLIN SUGGETT's conflicted copy 2021-03-18)` (github.com/BloomBooks/BloomDesktop/pull/4309)
    /// and the numbered `… (michael johnson's conflicted copy) (1)…` (github.com/dtjm/textdropapp.com/issues/62).
    private static func dropbox(_ mark: NameBytes) -> (String, Int)? {
        var mark = mark
        let number = mark.lastParenthesisedNumber() ?? 0
        guard mark.drop(" ("), mark.dropLast(")"), let date = mark.lastDate(), mark.dropLast("conflicted copy ")
        else { return nil }
        if !mark.isEmpty {
            guard mark.dropLast("'s "), mark.isPersonName else { return nil }
        }
        return (date + "000000", number)
    }

    /// `-DESKTOP-ABC123`: the machine's name. The Linux client (github.com/abraunegg/onedrive,
    /// docs/client-architecture.md) writes `filename-hostname-safeBackup-number.file_extension` since v2.5.3
    /// (`file5-onedrive-client-dev-safeBackup-0001.data`) and `filename-hostname.file_extension` before. A bare
    /// suffix is only taken when it reads as a machine's name, not a word someone adds (`trips-old.json`,
    /// `trips-2.json`): one host name label (RFC 1035: up to 63 letters, digits and inner hyphens), with a
    /// capital or a digit (Windows names its machines `DESKTOP-ABC123`, clouds `ip-172-31-41-236`), and a letter.
    private static func oneDrive(_ mark: NameBytes) -> (String, Int)? {
        var mark = mark
        guard mark.drop("-") else { return nil }
        var backup = mark
        if let number = backup.lastNumber(), backup.dropLast("-safeBackup-"), backup.isHostName {
            return ("", number)
        }
        guard mark.isHostName, mark.count <= 63, !mark.contains("."), mark.any(isLetter),
              mark.any({ isDigit($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
        else { return nil }
        return ("", 0)
    }

    /// `.Conflict`, then `.Conflict1`, `.Conflict 3`... help.resilio.com/hc/en-us/articles/204753629 (Conflict
    /// files in Sync): "This will produce a conflict file (filename.Conflict.jpg)", and "filename.Conflict1,
    /// filename.Conflict2, filename.Conflict 3 appear when you re-add the folder".
    private static func resilio(_ mark: NameBytes) -> (String, Int)? {
        var mark = mark
        guard mark.drop(".Conflict") else { return nil }
        if mark.isEmpty { return ("", 0) }
        _ = mark.drop(" ")
        guard let number = mark.lastNumber(), mark.isEmpty else { return nil }
        return ("", number)
    }
}

private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
}

/// RFC 4648's alphabet, the one Syncthing writes device IDs in.
private func isBase32(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "2")...UInt8(ascii: "7")).contains(byte)
}

/// The part of a name a tool added, read from either end.
private struct NameBytes {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var isEmpty: Bool { bytes.isEmpty }
    var count: Int { bytes.count }
    func all(_ test: (UInt8) -> Bool) -> Bool { bytes.allSatisfy(test) }
    func any(_ test: (UInt8) -> Bool) -> Bool { bytes.contains(where: test) }
    func contains(_ character: Unicode.Scalar) -> Bool { bytes.contains(UInt8(ascii: character)) }

    /// A user's or a machine's name as a tool writes it: not empty, valid UTF-8 (decoding repairs nothing), no
    /// control characters.
    var isPersonName: Bool {
        !bytes.isEmpty && !String(decoding: bytes, as: UTF8.self).unicodeScalars.contains {
            $0 == "\u{FFFD}" || $0.properties.generalCategory == .control
        }
    }

    /// A host name: letters, digits, hyphens and dots, at most 253 bytes, starting and ending with a letter or digit.
    var isHostName: Bool {
        guard let first = bytes.first, let last = bytes.last, bytes.count <= 253 else { return false }
        let inner: (UInt8) -> Bool = { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
        return bytes.allSatisfy(inner) && (isLetter(first) || isDigit(first)) && (isLetter(last) || isDigit(last))
    }

    mutating func drop(_ prefix: StaticString) -> Bool {
        let prefix = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard bytes.starts(with: prefix) else { return false }
        bytes.removeFirst(prefix.count)
        return true
    }

    mutating func dropLast(_ suffix: StaticString) -> Bool {
        let suffix = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        guard bytes.reversed().starts(with: suffix.reversed()) else { return false }
        bytes.removeLast(suffix.count)
        return true
    }

    /// Exactly `count` digits at the start.
    mutating func digits(_ count: Int) -> String? {
        guard bytes.count >= count, bytes.prefix(count).allSatisfy(isDigit) else { return nil }
        defer { bytes.removeFirst(count) }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// Exactly `count` digits at the end, not preceded by another digit.
    mutating func lastDigits(_ count: Int) -> String? {
        guard bytes.count >= count, bytes.suffix(count).allSatisfy(isDigit),
              !(bytes.dropLast(count).last.map(isDigit) ?? false)
        else { return nil }
        defer { bytes.removeLast(count) }
        return String(decoding: bytes.suffix(count), as: UTF8.self)
    }

    /// `yyyy-MM-dd` at the end, as `yyyyMMdd`.
    mutating func lastDate() -> String? {
        var rest = self
        guard let day = rest.lastDigits(2), rest.dropLast("-"), let month = rest.lastDigits(2), rest.dropLast("-"),
              let year = rest.lastDigits(4)
        else { return nil }
        self = rest
        return year + month + day
    }

    /// The digits at the end (up to 9, so that they fit any Int).
    mutating func lastNumber() -> Int? {
        let count = bytes.reversed().prefix(while: isDigit).count
        guard (1...9).contains(count), let number = Int(String(decoding: bytes.suffix(count), as: UTF8.self))
        else { return nil }
        bytes.removeLast(count)
        return number
    }

    /// ` (2)` at the end.
    mutating func lastParenthesisedNumber() -> Int? {
        var rest = self
        guard rest.dropLast(")"), let number = rest.lastNumber(), rest.dropLast(" (") else { return nil }
        self = rest
        return number
    }
}
