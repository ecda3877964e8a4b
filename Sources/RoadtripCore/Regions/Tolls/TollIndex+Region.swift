import Foundation

extension TollIndex {
    /// The index of `region`'s `TollFile`, read the first time a leg of it asks (a leg waits for it while another
    /// reads it) and kept for the process, again when the region was rebuilt; nil when the region has none (built
    /// before it) or it is damaged: its tolls are then unknown.
    static func of(_ region: InstalledRegion) -> TollIndex? {
        loaded.index(region.folder.path, built: region.manifest.built) {
            (try? TollFile.read(region.tollsFile)).map(TollIndex.init)
        }
    }

    private static let loaded = Loaded()

    /// One entry a region folder: a rebuilt region's replaces its old one.
    private final class Loaded: @unchecked Sendable {  // its dictionary is only touched under the lock
        private let lock = NSLock()
        private var indexes: [String: (built: String, index: TollIndex?)] = [:]

        func index(_ folder: String, built: String, read: () -> TollIndex?) -> TollIndex? {
            lock.withLock {
                if let known = indexes[folder], known.built == built { return known.index }
                let index = read()
                indexes[folder] = (built, index)
                return index
            }
        }
    }
}
