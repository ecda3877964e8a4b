import Foundation
@testable import RoadtripCore

/// Any bytes as a region folder's `region.json` (and as its `pois.tsv`): what the scan of the regions folder
/// makes of them (`InstalledRegions.manifest(from:)`) is a region or a problem on one printable line, and
/// nothing traps. A manifest it uses has counts from 0, an outline of rings of three corners or more inside the
/// globe's range, an area on the Earth, answers `contains` anywhere, and reads back the same once written.
public enum RegionManifestFuzzCheck {
    private static let probes: [(Double, Double)] = [(0, 0), (60.17, 24.94), (61.2, -149.9), (52, 179.5), (-90, -180),
                                                      (90, 180), (51.5, -0.13), (-33.9, 151.2)]

    public static func check(_ data: Data) throws {
        let input = String(decoding: data.prefix(200), as: UTF8.self)
        switch InstalledRegions.manifest(from: data) {
        case let .success(manifest):
            try checkUsable(manifest, input: input)
        case let .failure(problem):
            try FuzzCheckFailure.require(!problem.description.unicodeScalars.contains(where: TerminalSafe.isUnsafe),
                                         "a problem that is not one printable line: \(problem.description.debugDescription)",
                                         input: input)
        }
        // The same bytes as a feature table: refused with a line, or features at valid positions.
        if let features = try? RegionTable.parse(data) {
            try FuzzCheckFailure.require(features.allSatisfy { (-90...90).contains($0.latitude) && (-180...180).contains($0.longitude) },
                                         "a feature off the globe", input: input)
        }
    }

    private static func checkUsable(_ manifest: RegionManifest, input: String) throws {
        try FuzzCheckFailure.require(RegionManifest.readableFormats.contains(manifest.format), "an unknown format was used",
                                     input: input)
        try FuzzCheckFailure.require(manifest.places >= 0 && manifest.pois >= 0 && manifest.sources.allSatisfy { $0.bytes >= 0 },
                                     "a count below zero was used", input: input)
        let rings = manifest.outline.rings
        try FuzzCheckFailure.require(!rings.isEmpty && rings.allSatisfy { $0.count >= 3 }, "an outline without a whole ring",
                                     input: input)
        try FuzzCheckFailure.require(rings.joined().allSatisfy { (-180...180).contains($0.longitude) && (-90...90).contains($0.latitude) },
                                     "an outline corner off the globe", input: input)
        let area = manifest.outline.areaKm2
        try FuzzCheckFailure.require(area.isFinite && area >= 0 && area <= RegionOutline.earthKm2,
                                     "an area of \(area) km²", input: input)
        for (latitude, longitude) in probes { _ = manifest.outline.contains(latitude: latitude, longitude: longitude) }
        let again = try JSONDecoder().decode(RegionManifest.self, from: JSONEncoder().encode(manifest))
        try FuzzCheckFailure.require(again == manifest, "the manifest reads back differently", input: input)
    }
}
