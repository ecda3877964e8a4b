import Foundation

/// The battery's charging power against its state of charge (SoC), on direct current: what the car draws at each
/// percent when the station gives all it can. Either a default shape scaled by the car's peak (`peak_charge_kw`), or
/// a two-column table the user gives (`charge_curve`: "SoC kW" a line), read between its rows in straight lines.
public struct ChargeCurve: Equatable, Sendable {
    /// kW at 0, 1, … 100 %.
    public let kwAtPercent: [Double]

    /// The share of the peak a typical car draws at each SoC: near its peak from 15 to 45 %, tapering to a trickle
    /// at 100 % (the shape fast-charging tests of CCS cars share; a car's own table is better).
    static let defaultShape: [(soc: Double, share: Double)] = [
        (0, 0.55), (10, 0.9), (15, 1), (45, 1), (60, 0.75), (80, 0.45), (90, 0.25), (100, 0.08),
    ]

    /// The default shape at `peakKW`.
    public static func standard(peakKW: Double) -> ChargeCurve {
        ChargeCurve(points: defaultShape.map { ($0.soc, $0.share * peakKW) })
    }

    /// Straight lines between `points` (SoC ascending), flat beyond the first and the last.
    init(points: [(soc: Double, kw: Double)]) {
        kwAtPercent = (0...100).map { percent in
            let soc = Double(percent)
            guard let after = points.firstIndex(where: { $0.soc >= soc }) else { return points.last!.kw }
            guard after > 0 else { return points[0].kw }
            let a = points[after - 1], b = points[after]
            return a.kw + (b.kw - a.kw) * (soc - a.soc) / (b.soc - a.soc)
        }
    }

    public func kw(atPercent percent: Int) -> Double { kwAtPercent[min(100, max(0, percent))] }

    /// The largest table read: a car's curve needs a row a percent at most.
    public static let maxRows = 1_000

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case badLine(Int, String)
        case notAscending(Int)
        case tooFewRows
        case tooManyRows

        public var description: String {
            switch self {
            case .badLine(let line, let why): return "line \(line): \(why)"
            case .notAscending(let line): return "line \(line): the SoC must rise from row to row"
            case .tooFewRows: return "it needs at least two rows of \"SoC kW\""
            case .tooManyRows: return "it has more than \(maxRows) rows"
            }
        }
    }

    /// Reads a table: a line is "SoC kW" (blanks, a comma or a tab between), SoC 0…100 rising, kW 0…1000; blank
    /// lines and `#` comments are skipped. Throws `ParseError` naming the line.
    public static func parse(_ text: String) throws -> ChargeCurve {
        var points: [(soc: Double, kw: Double)] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let words = line.split { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }
            if words.isEmpty { continue }
            guard points.count < maxRows else { throw ParseError.tooManyRows }
            guard words.count == 2, let soc = Double(words[0]), let kw = Double(words[1]) else {
                throw ParseError.badLine(number + 1, "not two numbers \"SoC kW\"")
            }
            guard (0...100).contains(soc) else { throw ParseError.badLine(number + 1, "the SoC must be 0 to 100") }
            guard (0...1_000).contains(kw) else { throw ParseError.badLine(number + 1, "the power must be 0 to 1000 kW") }
            if let last = points.last, soc <= last.soc { throw ParseError.notAscending(number + 1) }
            points.append((soc, kw))
        }
        guard points.count >= 2 else { throw ParseError.tooFewRows }
        return ChargeCurve(points: points)
    }

    /// The table at `path`, at most 64 KiB. Throws `ParseError` or the file's error.
    public static func load(path: String) throws -> ChargeCurve {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let data = try handle.read(upToCount: 65_537) ?? Data()
        guard data.count <= 65_536 else { throw ParseError.tooManyRows }
        return try parse(String(decoding: data, as: UTF8.self))
    }
}
