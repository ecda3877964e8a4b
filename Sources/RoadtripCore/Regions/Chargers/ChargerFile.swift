import Foundation

/// `chargers.tsv` in a region folder: its charging stations (`Charger`), written by the region's build. A region
/// built before it has none, and no chargers. A header line, then one charger a line, fields separated by tabs:
///
///     # roadtrip chargers 1
///     osm_id  latitude  longitude  private (0 or 1)  name  sockets
///
/// `sockets` is `KIND:COUNT:KW` for each socket, separated by `,` (`type2_combo:2:150,type2:4:`: KW empty when not
/// tagged). Writing cleans names as `RegionTable` does. The file lies in the user's data folder: reading keeps the
/// chargers before the first line that is not one this wrote (its numbers out of range, a field missing), and drops
/// a last line without its line break (a file cut short), so damage costs the chargers after it, never a crash.
public enum ChargerFile {
    public static let name = "chargers.tsv"
    public static let header = "# roadtrip chargers 1"
    /// A line this wrote is far shorter (a name is at most 255 characters, a charger at most a dozen sockets).
    static let maxLine = 4_096
    /// The world's charging stations are a few hundred thousand: a file with more is not one this wrote.
    static let maxChargers = 5_000_000

    /// What a file gave: the chargers read and, when it was damaged, where and how.
    public struct Contents: Equatable, Sendable {
        public var chargers: [Charger]
        public var damage: String?
    }

    public static func write(_ chargers: [Charger], to url: URL) throws {
        var text = header + "\n"
        for charger in chargers {
            let sockets = charger.sockets.map { "\($0.kind.rawValue):\($0.count):" + ($0.kw.map { String($0) } ?? "") }
            text += [charger.osmID, String(charger.latitude), String(charger.longitude), charger.isPrivate ? "1" : "0",
                     RegionTable.clean(charger.name), sockets.joined(separator: ",")].joined(separator: "\t") + "\n"
        }
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// The chargers of the file at `url`: none, undamaged, when there is no file (a region built before them).
    public static func read(_ url: URL) -> Contents {
        do {
            return parse(try Data(contentsOf: url, options: .mappedIfSafe))
        } catch CocoaError.fileReadNoSuchFile {
            return Contents(chargers: [], damage: nil)
        } catch {
            return Contents(chargers: [], damage: "cannot be read: \(FileErrorReason.of(error))")
        }
    }

    public static func parse(_ data: Data) -> Contents {
        var chargers: [Charger] = []
        var start = data.startIndex, number = 0
        while start < data.endIndex {
            number += 1
            guard let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                return Contents(chargers: chargers, damage: "line \(number) is cut short")
            }
            let line = data[start..<end]
            start = end + 1
            if number == 1 {
                guard line.elementsEqual(header.utf8) else {
                    return Contents(chargers: [], damage: "is not a chargers file (expected \"\(header)\")")
                }
                continue
            }
            guard chargers.count < maxChargers else {
                return Contents(chargers: chargers, damage: "holds more than \(maxChargers) chargers")
            }
            guard line.count <= maxLine, let charger = charger(String(decoding: line, as: UTF8.self)) else {
                return Contents(chargers: chargers, damage: "line \(number) is not a charger")
            }
            chargers.append(charger)
        }
        return Contents(chargers: chargers, damage: number == 0 ? "is empty" : nil)
    }

    private static func charger(_ line: String) -> Charger? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 6, isOSMID(fields[0]),
              let latitude = Double(fields[1]), (-90...90).contains(latitude),
              let longitude = Double(fields[2]), (-180...180).contains(longitude),
              fields[3] == "0" || fields[3] == "1" else { return nil }
        var sockets: [Charger.Socket] = []
        for entry in fields[5].split(separator: ",", omittingEmptySubsequences: false) where !fields[5].isEmpty {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let kind = SocketKind(rawValue: String(parts[0])),
                  let count = Int(parts[1]), ChargerTags.countRange.contains(count),
                  sockets.count < SocketKind.allCases.count else { return nil }
            var kw: Double?
            if !parts[2].isEmpty {
                guard let read = Double(parts[2]), ChargerTags.kwRange.contains(read) else { return nil }
                kw = read
            }
            sockets.append(Charger.Socket(kind: kind, count: count, kw: kw))
        }
        return Charger(osmID: String(fields[0]), latitude: latitude, longitude: longitude,
                       name: String(RegionTable.clean(String(fields[4])).prefix(255)), sockets: sockets,
                       isPrivate: fields[3] == "1")
    }

    /// "n123", "w456", "r789", as the build names objects.
    private static func isOSMID(_ text: Substring) -> Bool {
        guard let kind = text.first, "nwr".contains(kind) else { return false }
        let digits = text.dropFirst()
        return (1...19).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension InstalledRegion {
    /// Its charging stations (`ChargerFile`); absent in regions built before them.
    public var chargersFile: URL { folder.appendingPathComponent(ChargerFile.name) }
}
