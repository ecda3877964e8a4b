import CZlib
import Foundation

/// Why the gazetteer could not be loaded.
public enum PlaceIndexError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No `places/gazetteer.bin` in any resource location (see `ResourceLocator`).
    case dataNotFound
    case unreadable(path: String, reason: String)
    case badFormat(line: Int, reason: String)

    public var description: String {
        switch self {
        case .dataNotFound: return "The place data (places/gazetteer.bin) was not found; set ROADTRIP_RESOURCES."
        case .unreadable(let path, let reason): return "Cannot read \(path): \(reason)"
        case .badFormat(let line, let reason): return "Place data, line \(line): \(reason)"
        }
    }
}

/// The gazetteer file held in memory as columns. Only what ranking and reverse lookup need is
/// decoded at load (coordinates, population, region, id, time zone); the names of each place are kept
/// as one record of bytes in `names` (the file's other text is dropped) and become `Place` values
/// only for results. Per place this costs 21 bytes of columns plus its names, with no per-place
/// object or array. Format: Resources/places/README.md (zlib-compressed text; the
/// same text uncompressed is read too, which is what tests write).
struct GazetteerFile {
    struct Country {
        var code: String
        var name: String
        var aliases: [String]
    }

    struct Region {
        var country: Int
        var code: String
        var name: String
        var abbreviation: String
    }

    static let header = "# roadtrip gazetteer 2"
    static let relativePath = "places/gazetteer.bin"
    /// A compressed file: these bytes, the text's length (UInt32, little-endian), a zlib stream.
    static let magic = Array("RTGZ".utf8)
    /// Far above the real text (16 MB): a corrupt length cannot make the loader allocate gigabytes.
    static let largestText = 256 << 20

    /// Per place, from `recordStart`: name, ASCII name, alternates, native names, county, separated by
    /// tabs; empty fields at the end are left out (most places have only a name).
    let names: Column<UInt8>
    let countries: [Country]
    let regions: [Region]
    let timezones: [String]
    let recordStart: Column<UInt32>
    let id: Column<UInt32>
    let timezone: Column<UInt16>
    let latitude: Column<Float>
    let longitude: Column<Float>
    let population: Column<UInt32>
    let region: Column<UInt16>
    /// Indices of the countries' capitals, ascending (a few hundred: a list, not a flag per place).
    let capitals: Column<UInt32>

    var count: Int { recordStart.count }

    /// Parses the file (compressed or not). `names` is called for every searchable name of every place,
    /// in order: (place index, source: 0 for the ASCII name, i for the i-th alternate, the ASCII bytes);
    /// `nativeNames` for each name in the place's own script (place index, UTF-8 bytes).
    init(bytes stored: [UInt8], names: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void,
         nativeNames: (Int, UnsafeBufferPointer<UInt8>) -> Void = { _, _ in }) throws {
        let bytes = stored.starts(with: Self.magic) ? try Self.inflate(stored) : stored
        guard bytes.starts(with: Array(Self.header.utf8)) else {
            throw PlaceIndexError.badFormat(line: 1, reason: "not a roadtrip gazetteer (expected \"\(Self.header)\")")
        }
        var countryIndex: [String: Int] = [:]
        var countries: [Country] = [], regions: [Region] = [], timezones: [String] = []
        var records: [UInt8] = [], recordStart: [UInt32] = [], id: [UInt32] = [], timezone: [UInt16] = []
        records.reserveCapacity(bytes.count / 2)
        var latitude: [Float] = [], longitude: [Float] = []
        var population: [UInt32] = [], region: [UInt16] = [], capitals: [UInt32] = []
        try bytes.withUnsafeBufferPointer { buffer in
            var fields: [Range<Int>] = []
            fields.reserveCapacity(12)
            var lineNumber = 0
            var start = 0
            let end = buffer.count
            while start < end {
                lineNumber += 1
                // memchr is vectorised; a byte loop here was the biggest single cost of the load.
                let newline = memchr(buffer.baseAddress! + start, 10, end - start)
                let stop = newline.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - buffer.baseAddress! } ?? end
                defer { start = stop + 1 }
                guard stop > start, buffer[start] != 35 /* # */ else { continue }
                fields.removeAll(keepingCapacity: true)
                var fieldStart = start
                for i in start..<stop where buffer[i] == 9 {
                    fields.append(fieldStart..<i)
                    fieldStart = i + 1
                }
                fields.append(fieldStart..<stop)
                func text(_ i: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: buffer[fields[i]]), as: UTF8.self) }
                func bad(_ reason: String) -> PlaceIndexError { .badFormat(line: lineNumber, reason: reason) }

                switch buffer[start] {
                case 48...57:
                    guard fields.count == 12 else { throw bad("a place needs 12 fields, found \(fields.count)") }
                    guard let number = Self.integer(buffer, fields[0]), number <= UInt32.max,
                          let regionIndex = Self.integer(buffer, fields[5]), regionIndex < regions.count,
                          let lat = Self.decimal(buffer, fields[6]), let lon = Self.decimal(buffer, fields[7]),
                          let people = Self.integer(buffer, fields[8]),
                          let zone = Self.integer(buffer, fields[9]), zone < timezones.count else {
                        throw bad("bad number or table reference")
                    }
                    let index = recordStart.count
                    recordStart.append(UInt32(records.count))
                    let kept = [1, 2, 3, 4, 11]
                    let last = kept.lastIndex { !fields[$0].isEmpty } ?? 0
                    for (n, field) in kept[...last].enumerated() {
                        if n > 0 { records.append(9) }
                        records.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[fields[field]]))
                    }
                    id.append(UInt32(number))
                    timezone.append(UInt16(clamping: zone))
                    latitude.append(Float(lat))
                    longitude.append(Float(lon))
                    population.append(UInt32(clamping: people))
                    region.append(UInt16(regionIndex))
                    if fields[10].contains(where: { buffer[$0] == 99 /* c */ }) { capitals.append(UInt32(index)) }
                    let asciiField = fields[2].isEmpty ? fields[1] : fields[2]
                    names(index, 0, UnsafeBufferPointer(rebasing: buffer[asciiField]))
                    var source = 1
                    var altStart = fields[3].lowerBound
                    for i in fields[3].lowerBound...fields[3].upperBound
                    where i == fields[3].upperBound || buffer[i] == 59 /* ; */ {
                        if i > altStart { names(index, source, UnsafeBufferPointer(rebasing: buffer[altStart..<i])) }
                        source += 1
                        altStart = i + 1
                    }
                    var nativeStart = fields[4].lowerBound
                    for i in fields[4].lowerBound...fields[4].upperBound
                    where i == fields[4].upperBound || buffer[i] == 59 /* ; */ {
                        if i > nativeStart { nativeNames(index, UnsafeBufferPointer(rebasing: buffer[nativeStart..<i])) }
                        nativeStart = i + 1
                    }
                case 67 /* C */:
                    guard fields.count == 4 else { throw bad("a country needs 4 fields") }
                    countryIndex[text(1)] = countries.count
                    countries.append(Country(code: text(1), name: text(2),
                                             aliases: text(3).split(separator: ",").map(String.init)))
                case 65 /* A */:
                    guard fields.count == 5, let country = countryIndex[text(1)] else { throw bad("a region needs 5 fields and a known country") }
                    regions.append(Region(country: country, code: text(2), name: text(3), abbreviation: text(4)))
                case 90 /* Z */:
                    guard fields.count == 2 else { throw bad("a time zone needs 2 fields") }
                    timezones.append(text(1))
                default:
                    throw bad("unknown line type")
                }
            }
        }
        guard !recordStart.isEmpty else { throw PlaceIndexError.badFormat(line: 0, reason: "no places") }
        (self.countries, self.regions, self.timezones) = (countries, regions, timezones)
        (self.names, self.recordStart, self.id, self.timezone) = (Column(records), Column(recordStart), Column(id), Column(timezone))
        (self.latitude, self.longitude) = (Column(latitude), Column(longitude))
        (self.population, self.region, self.capitals) = (Column(population), Column(region), Column(capitals))
    }

    /// The columns and tables as they are (a mapped index's: `GazetteerSections`).
    init(names: Column<UInt8>, countries: [Country], regions: [Region], timezones: [String], recordStart: Column<UInt32>,
         id: Column<UInt32>, timezone: Column<UInt16>, latitude: Column<Float>, longitude: Column<Float>,
         population: Column<UInt32>, region: Column<UInt16>, capitals: Column<UInt32>) {
        (self.names, self.countries, self.regions, self.timezones) = (names, countries, regions, timezones)
        (self.recordStart, self.id, self.timezone, self.latitude, self.longitude) = (recordStart, id, timezone, latitude, longitude)
        (self.population, self.region, self.capitals) = (population, region, capitals)
    }

    /// Decodes the full record of place `index`.
    func place(at index: Int) -> Place {
        names.withUnsafeBufferPointer { buffer in
            let end = index + 1 < count ? Int(recordStart[index + 1]) : buffer.count
            var fields = UnsafeBufferPointer(rebasing: buffer[Int(recordStart[index])..<end])
                .split(separator: 9, maxSplits: 4, omittingEmptySubsequences: false)
                .map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
            fields += repeatElement("", count: 5 - fields.count)
            let regionRecord = regions[Int(region[index])]
            let country = countries[regionRecord.country]
            return Place(
                id: Int(id[index]),
                name: fields[0],
                asciiName: fields[1].isEmpty ? fields[0] : fields[1],
                alternateNames: Self.nameList(fields[2]),
                nativeName: Self.nameList(fields[3]).first,
                admin1: regionRecord.name.isEmpty ? nil : regionRecord.name,
                admin1Code: regionRecord.code,
                admin2: fields[4].isEmpty ? nil : fields[4],
                countryCode: country.code,
                countryName: country.name,
                latitude: Self.fourDecimals(latitude[index]),
                longitude: Self.fourDecimals(longitude[index]),
                population: Int(population[index]),
                timezone: timezones[Int(timezone[index])],
                isCapital: isCapital(index))
        }
    }

    /// A field's names, split at ";" as `String.split` splits at that character, without its grapheme breaking (a big
    /// city's hundreds of alternate names were most of the cost of a short query). Splitting the bytes is the same
    /// wherever no ";" joins a longer character: none after a prepended mark, none before an accent or joiner.
    static func nameList(_ field: String) -> [String] {
        let scalars = field.unicodeScalars
        let splitsAtBytes = field.utf8.indices.allSatisfy { i in
            guard field.utf8[i] == 59 else { return true }
            let after = field.utf8.index(after: i)
            if i > field.utf8.startIndex, field.utf8[field.utf8.index(before: i)] >= 0x80,
               mayPrepend(scalars[scalars.index(before: i)]) { return false }
            return after == field.utf8.endIndex || field.utf8[after] < 0x80 || !mayExtend(scalars[after])
        }
        guard splitsAtBytes else { return field.split(separator: ";").map(String.init) }
        return field.utf8.split(separator: 59).map { String(Substring($0)) }
    }

    /// A superset of Grapheme_Cluster_Break=Prepend (UAX #29): prepended concatenation marks, the repha letters.
    private static func mayPrepend(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0xD4E, 0x11000...: return true
        default: return false
        }
    }

    /// A superset of what joins the character before it: Extend, ZWJ and SpacingMark (UAX #29).
    private static func mayExtend(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark
            || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            || [0x200C, 0x200D, 0xE33, 0xEB3].contains(scalar.value) || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    /// The name of place `index` alone (a map's town needs no more).
    func name(at index: Int) -> String {
        names.withUnsafeBufferPointer { buffer in
            let start = Int(recordStart[index]), end = index + 1 < count ? Int(recordStart[index + 1]) : buffer.count
            let record = UnsafeBufferPointer(rebasing: buffer[start..<end])
            return String(decoding: UnsafeBufferPointer(rebasing: record.prefix { $0 != 9 }), as: UTF8.self)
        }
    }

    func isCapital(_ index: Int) -> Bool {
        var low = 0, high = capitals.count
        while low < high {
            let mid = (low + high) / 2
            if capitals[mid] < UInt32(truncatingIfNeeded: index) { low = mid + 1 } else { high = mid }
        }
        return low < capitals.count && capitals[low] == UInt32(truncatingIfNeeded: index)
    }

    /// The file's coordinate back from its Float column: the file has at most four decimals, and a Float
    /// is within 0.00001° of it even at 180°, so rounding gives back the file's value exactly.
    static func fourDecimals(_ value: Float) -> Double {
        (Double(value) * 10_000).rounded() / 10_000
    }

    /// The text of a compressed file.
    static func inflate(_ stored: [UInt8]) throws -> [UInt8] {
        let bad = { (reason: String) in PlaceIndexError.badFormat(line: 0, reason: reason) }
        guard stored.count > 8 else { throw bad("the compressed file is cut short") }
        let length = (0..<4).reduce(0) { $0 | Int(stored[4 + $1]) << (8 * $1) }
        guard length > 0, length <= largestText else { throw bad("the compressed file's length field is \(length)") }
        var text = [UInt8](repeating: 0, count: length)
        var produced = uLongf(length)
        let status = text.withUnsafeMutableBufferPointer { out in
            stored.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &produced, input.baseAddress! + 8, uLong(input.count - 8))
            }
        }
        guard status == Z_OK, Int(produced) == length else { throw bad("the compressed data is damaged (zlib \(status))") }
        return text
    }

    private static func integer(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count < 19 else { return nil }
        var value = 0
        for i in range {
            let digit = Int(buffer[i]) - 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// "-87.65", "41.85", "0": enough precision for Float columns, no locale, no allocation.
    private static func decimal(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard !range.isEmpty else { return nil }
        var i = range.lowerBound
        let negative = buffer[i] == 45
        if negative { i += 1 }
        var whole = 0.0, fraction = 0.0, scale = 1.0, digits = 0, afterPoint = false
        while i < range.upperBound {
            let c = buffer[i]
            if c == 46, !afterPoint {
                afterPoint = true
            } else if c >= 48 && c <= 57 {
                digits += 1
                if afterPoint {
                    scale /= 10
                    fraction += Double(c - 48) * scale
                } else {
                    whole = whole * 10 + Double(c - 48)
                }
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -(whole + fraction) : whole + fraction
    }
}
