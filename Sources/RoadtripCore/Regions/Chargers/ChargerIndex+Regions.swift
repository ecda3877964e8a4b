import Foundation

extension ChargerIndex {
    /// The chargers of every region of `installed`, each region's file read the first time it is asked for and kept
    /// for the process (read again when the region was rebuilt). A region built before chargers has none.
    public static func of(_ installed: InstalledRegions) -> ChargerIndex {
        loaded.index(installed.regions.map { ($0.folder.path, $0.manifest.built) }) {
            var chargers: [Charger] = [], damaged: [String] = []
            for region in installed.regions {
                let contents = ChargerFile.read(region.chargersFile)
                chargers += contents.chargers
                if let damage = contents.damage { damaged.append("\(region.name): \(ChargerFile.name) \(damage)") }
            }
            return ChargerIndex(chargers: chargers, damaged: damaged)
        }
    }

    private static let loaded = Loaded()

    /// The index of the last set of regions asked for: one run plans with one set, and a region added or rebuilt
    /// (its `built` changes) is a new set.
    private final class Loaded: @unchecked Sendable {  // its fields are only touched under the lock
        private let lock = NSLock()
        private var key: [String] = []
        private var index: ChargerIndex?

        func index(_ regions: [(folder: String, built: String)], read: () -> ChargerIndex) -> ChargerIndex {
            let wanted = regions.map { $0.folder + "\u{0}" + $0.built }
            return lock.withLock {
                if let index, key == wanted { return index }
                let read = read()
                (key, index) = (wanted, read)
                return read
            }
        }
    }
}
