import Foundation

/// The water check's answers kept across runs (`water.bin` beside the leg cache): an answer is a pure function of
/// its two stops, the shorelines and the search, so a leg measured once is never measured again (`roadtrip list` on
/// a big file measures every leg; the search costs about a millisecond a leg by the sea). Keyed like the leg cache,
/// both ends rounded to 1e-5 degrees; the file names the shorelines and the search it was made with (`identity`)
/// and a file of another is ignored and replaced.
///
/// Bounded by count, least recently used first out. Fixed records of 33 bytes (the kilometres as searched, so an
/// answer read back is the one searched): 250,000 pairs are 8 MB, read in about 20 ms. A cache is never worth an
/// error: a file that cannot be read or makes no sense is ignored. Not thread-safe: its owner (`WaterCrossing`) locks.
final class WaterCache {
    struct Key: Hashable {
        let fromLatitude, fromLongitude, toLatitude, toLongitude: Int32

        init(from: Coordinate, to: Coordinate) {
            func rounded(_ degrees: Double) -> Int32 { Int32((degrees * 1e5).rounded()) }
            fromLatitude = rounded(from.latitude)
            fromLongitude = rounded(from.longitude)
            toLatitude = rounded(to.latitude)
            toLongitude = rounded(to.longitude)
        }

        fileprivate init(_ values: [Int32]) {
            (fromLatitude, fromLongitude, toLatitude, toLongitude) = (values[0], values[1], values[2], values[3])
        }

        fileprivate var values: [Int32] { [fromLatitude, fromLongitude, toLatitude, toLongitude] }
    }

    static let fileName = "water.bin"
    static let recordSize = 33

    let url: URL?
    let capacity: Int
    private let header: Data
    private var answers: [Key: (answer: WaterAnswer, used: UInt32)] = [:]
    private var clock: UInt32 = 0
    private(set) var changed = false

    /// `directory`: where the file is (nil: kept in memory only). `identity`: the shorelines and the search.
    init(directory: URL?, identity: String, capacity: Int = 250_000) {
        url = directory?.appendingPathComponent(Self.fileName)
        self.capacity = max(1, capacity)
        header = Data("roadtrip water cache 1 \(identity)\n".utf8)
        read()
    }

    var count: Int { answers.count }

    subscript(key: Key) -> WaterAnswer? {
        guard let known = answers[key] else { return nil }
        clock &+= 1
        answers[key] = (known.answer, clock)
        return known.answer
    }

    func store(_ answer: WaterAnswer, for key: Key) {
        clock &+= 1
        answers[key] = (answer, clock)
        changed = true
        guard answers.count > capacity else { return }
        // Down to nine tenths at once, so that a full cache does not sort on every store.
        let cut = answers.values.map(\.used).sorted()[answers.count - capacity * 9 / 10]
        answers = answers.filter { $0.value.used >= cut }
    }

    /// The file's bytes now (nil when nothing changed since it was read or written).
    func snapshot() -> Data? {
        guard changed, url != nil else { return nil }
        var data = header
        data.reserveCapacity(header.count + answers.count * Self.recordSize)
        for (key, entry) in answers.sorted(by: { $0.value.used < $1.value.used }) {
            for value in key.values { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
            let (kind, land, sea): (UInt8, Double, Double) = switch entry.answer {
            case .overLand: (0, 0, 0)
            case let .wayRound(landKm): (1, landKm, 0)
            case let .crossing(landKm, seaKm): (2, landKm, seaKm)
            }
            data.append(kind)
            withUnsafeBytes(of: land.bitPattern.littleEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: sea.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        changed = false
        return data
    }

    /// Writes `data` (a `snapshot`) atomically; a failure leaves the answers to the next save.
    static func write(_ data: Data, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        try? AtomicWrite.write(data, to: url)
    }

    private func read() {
        guard let url else { return }
        LegCacheFile.removeAbandonedTemporaries(of: url)
        // At most what a full cache writes: a larger file is not ours.
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe), data.starts(with: header),
              data.count <= header.count + capacity * Self.recordSize else { return }
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = header.count
            answers.reserveCapacity((bytes.count - offset) / Self.recordSize)
            func int32() -> Int32 {
                defer { offset += 4 }
                return Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
            }
            func km() -> Double? {
                defer { offset += 8 }
                let value = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                return value.isFinite && value >= 0 && value < 40_000 ? value : nil
            }
            while offset + Self.recordSize <= bytes.count {
                let key = Key((0..<4).map { _ in int32() })
                let kind = bytes[offset]
                offset += 1
                let (land, sea) = (km(), km())
                let answer: WaterAnswer? = switch (kind, land, sea) {
                case (0, _, _): .overLand
                case let (1, landKm?, _): .wayRound(landKm: landKm)
                case let (2, landKm?, seaKm?): .crossing(landKm: landKm, seaKm: seaKm)
                default: nil   // a record that makes no sense is dropped
                }
                guard let answer, abs(key.fromLatitude) <= 9_000_000, abs(key.toLatitude) <= 9_000_000 else { continue }
                clock &+= 1
                answers[key] = (answer, clock)
            }
        }
    }
}
