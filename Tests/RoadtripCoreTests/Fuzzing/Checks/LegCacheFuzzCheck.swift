import Foundation
@testable import RoadtripCore

/// Any bytes as `legs.tsv`: the cache reads what makes sense and drops the rest, without trapping. Every leg
/// it gives is plausible for its ends, and what it writes back reads back the same.
public enum LegCacheFuzzCheck {
    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("roadtrip-fuzz-legcache-\(getpid())")

    public static func check(_ data: Data) throws {
        let input = String(decoding: data.prefix(200), as: UTF8.self)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("legs.tsv")
        try data.write(to: file)
        let cache = LegCache(directory: folder, capacity: 50, geometryByteLimit: 4_096)
        let count = cache.count
        try FuzzCheckFailure.require(count <= 50, "more legs than the bound", input: input)
        // Each line names its ends: the legs the cache kept must be plausible between them.
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 9, let identity = LegCache.unescape(fields[0]),
                  let ends = [fields[1], fields[2], fields[3], fields[4]].map({ Int32($0) }) as [Int32?]?,
                  let a = ends[0], let b = ends[1], let c = ends[2], let d = ends[3],
                  abs(a) <= 9_000_000, abs(b) <= 18_000_000, abs(c) <= 9_000_000, abs(d) <= 18_000_000 else { continue }
            let from = Coordinate(checked: Double(a) / 1e5, Double(b) / 1e5)
            let to = Coordinate(checked: Double(c) / 1e5, Double(d) / 1e5)
            guard let leg = cache.leg(identity, from: from, to: to) else { continue }
            try FuzzCheckFailure.require(leg.implausibility(from: from, to: to) == nil,
                                         "an implausible leg was read", input: input)
        }
        cache.close()
        let again = LegCache(directory: folder, capacity: 50, geometryByteLimit: 4_096)
        try FuzzCheckFailure.require(again.count == cache.count, "what was written reads back differently", input: input)
    }
}
