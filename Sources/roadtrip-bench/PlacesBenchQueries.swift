import Foundation
import RoadtripCore

/// The places benchmark's fixed queries (`scripts/places-bench-queries.txt`), shared by its timings and its
/// instruction counts (`CallgrindScenarios`).
enum PlacesBenchQueries {
    typealias Query = (text: String, expected: Int?, near: (latitude: Double, longitude: Double)?)

    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scripts").standardized
    static let file = scripts.appendingPathComponent("places-bench-queries.txt")

    /// Each line's query, expected GeoNames id, a note, the previous stop ("lat,lon"); PLACES_BENCH_ONLY_QUERY keeps
    /// one. Nil when the file cannot be read.
    static func read() -> [Query]? {
        guard let listing = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let only = ProcessInfo.processInfo.environment["PLACES_BENCH_ONLY_QUERY"]
        return listing.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), only.map({ line.hasPrefix($0 + "\t") || line == $0 }) ?? true else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let near = fields.count > 3 ? (try? CoordinateParser.parse(String(fields[3]))).map { ($0.latitude, $0.longitude) } : nil
            return (String(fields[0]), fields.count > 1 ? Int(fields[1]) : nil, near)
        }
    }
}
