import Foundation

/// `tolls.bin` in a region folder: its ways tagged `toll=yes` (`TollWay`), written by the region's build. A region
/// built before it has none, and its legs' tolls are unknown. Little-endian:
///
///     "RTTL"  format (UInt32)  way count (UInt32)  point count (UInt32)
///     per way, 16 bytes: its point count (UInt32), currency (3 ASCII bytes), 1 if charged else 0, amount (Float64)
///     per point, 8 bytes: latitude, longitude (Int32, 1e-7 degree), each way's in order, way after way
///
/// The file lies in the user's data folder: reading checks its length against its counts and every number against
/// its range, so a damaged file is refused, never half believed.
enum TollFile {
    static let name = "tolls.bin"
    static let magic = Array("RTTL".utf8)
    static let format: UInt32 = 1
    static let headerSize = 16, waySize = 16, pointSize = 8
    /// A continent's tolled roads are a few million points: far more than that is not a file this wrote.
    static let maxPoints = 100_000_000

    struct Damage: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    static func write(_ ways: [TollWay], to url: URL) throws {
        var bytes = magic
        func append<N: FixedWidthInteger>(_ value: N) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        append(format)
        append(UInt32(ways.count))
        append(UInt32(ways.reduce(0) { $0 + $1.points.count }))
        for way in ways {
            append(UInt32(way.points.count))
            bytes += way.charge.map { Array($0.currency.utf8) + [1] } ?? [0, 0, 0, 0]
            append((way.charge?.amount ?? 0).bitPattern)
        }
        for point in ways.flatMap(\.points) {
            append(point.latitude)
            append(point.longitude)
        }
        try Data(bytes).write(to: url, options: .atomic)
    }

    /// The ways of the file at `url`; throws `Damage` for a file that is not one this wrote, a file-system error for
    /// one that cannot be read.
    static func read(_ url: URL) throws -> [TollWay] {
        let file: MappedFile
        do {
            file = try MappedFile(url)
        } catch MappedFile.Failure.empty {
            throw Damage(description: "is empty")
        }
        let bytes = file.bytes
        func number<T: FixedWidthInteger>(_ offset: Int, _ type: T.Type) -> T {
            T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic else { throw Damage(description: "is not a toll file") }
        guard number(4, UInt32.self) == format else { throw Damage(description: "is format \(number(4, UInt32.self))") }
        let wayCount = Int(number(8, UInt32.self)), pointCount = Int(number(12, UInt32.self))
        guard pointCount <= maxPoints, wayCount <= pointCount / 2,
              bytes.count == headerSize + wayCount * waySize + pointCount * pointSize else {
            throw Damage(description: "does not match its counts")
        }
        var ways: [TollWay] = []
        ways.reserveCapacity(wayCount)
        var point = headerSize + wayCount * waySize
        for index in 0..<wayCount {
            let entry = headerSize + index * waySize
            let count = Int(number(entry, UInt32.self))
            guard count <= (bytes.count - point) / pointSize else { throw Damage(description: "has more points than it holds") }
            var charge: TollCharge?
            switch bytes[entry + 7] {
            case 0: charge = nil
            case 1:
                let currency = String(decoding: bytes[(entry + 4)..<(entry + 7)], as: UTF8.self)
                guard let read = TollCharge(amount: Double(bitPattern: number(entry + 8, UInt64.self)), currency: currency) else {
                    throw Damage(description: "has a charge that is not one")
                }
                charge = read
            default: throw Damage(description: "has a charge that is not one")
            }
            var points: [TollWay.Point] = []
            points.reserveCapacity(count)
            for _ in 0..<count {
                guard let read = TollWay.Point(latitude: number(point, Int32.self), longitude: number(point + 4, Int32.self)) else {
                    throw Damage(description: "has a position out of range")
                }
                points.append(read)
                point += pointSize
            }
            guard let way = TollWay(points: points, charge: charge) else {
                throw Damage(description: "has a way whose point count, \(count), is not 2 to \(TollWay.maxPoints)")
            }
            ways.append(way)
        }
        guard point == bytes.count else { throw Damage(description: "does not match its counts") }
        return ways
    }
}

extension InstalledRegion {
    /// Its tolled ways (`TollFile`); absent in regions built before them.
    var tollsFile: URL { folder.appendingPathComponent(TollFile.name) }
}
