import Foundation

/// The regions installed under `$XDG_DATA_HOME/roadtrip/regions/` (else `~/.local/share/roadtrip/regions/`):
/// one folder each, named after the region. A folder whose manifest is missing or unreadable (a build in
/// progress, a damaged folder) is listed in `problems`, never used.
public struct InstalledRegions: Equatable, Sendable {
    public var directory: URL
    /// By name.
    public var regions: [InstalledRegion]
    /// Folder name → why it is not used.
    public var problems: [String: String]

    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("roadtrip/regions")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/roadtrip/regions")
    }

    /// Reads every manifest under `directory` (none when it does not exist). Hidden folders (builds beside,
    /// old copies) are skipped.
    public static func scan(_ directory: URL = defaultDirectory()) -> InstalledRegions {
        var regions: [InstalledRegion] = []
        var problems: [String: String] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let folder = directory.appendingPathComponent(entry)
            let manifestURL = folder.appendingPathComponent(InstalledRegion.manifestName)
            guard let data = try? Data(contentsOf: manifestURL) else {
                problems[entry] = FileManager.default.fileExists(atPath: manifestURL.path)
                    ? "its region.json cannot be read; rebuild it" : "no region.json; rebuild it"
                continue
            }
            switch manifest(from: data) {
            case let .success(manifest): regions.append(InstalledRegion(folder: folder, manifest: manifest))
            case let .failure(problem): problems[entry] = problem.description
            }
        }
        return InstalledRegions(directory: directory, regions: regions, problems: problems)
    }

    /// Why a folder is not used, as `problems` says it.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The manifest a folder's `region.json` holds, or why the folder is not used.
    public static func manifest(from data: Data) -> Result<RegionManifest, Problem> {
        guard data.count <= 16 << 20 else { return .failure(Problem(description: "its region.json is larger than 16 MB; rebuild it")) }
        do {
            return .success(try JSONDecoder().decode(RegionManifest.self, from: data))
        } catch let damage as RegionManifest.Damage {
            return .failure(Problem(description: "its region.json \(damage); rebuild it"))
        } catch {
            return .failure(Problem(description: "its region.json cannot be read; rebuild it"))
        }
    }

    /// The smallest installed region whose outline holds every one of `coordinates`; nil when none does.
    public func smallest(covering coordinates: [Coordinate]) -> InstalledRegion? {
        regions.filter { region in coordinates.allSatisfy(region.covers) }
            .min { $0.manifest.outline.areaKm2 < $1.manifest.outline.areaKm2 }
    }
}
