import Foundation

/// The towns of a map that moves about (panned, zoomed in): one scan of a box around the view finds the
/// largest places near it, and the views that follow take theirs from that list for as long as it holds
/// enough of them — the same towns `TownIndex.towns(in:limit:)` returns, without scanning every place
/// per view. Keep one per map.
public struct TownsCache {
    /// How much larger than the view the scanned box is (each way), and how many more towns it keeps.
    static let widening = 2.0
    static let spareFactor = 8

    private var scanned: (towns: ObjectIdentifier, box: TownBox, limit: Int, indices: [Int])?
    /// Towns decoded for earlier views.
    private var decoded: [Int: TownIndex.Town] = [:]
    /// How many scans of every place were made (for tests).
    public private(set) var scans = 0

    public init() {}

    public mutating func towns(in box: GeoBox, limit: Int, from places: TownIndex) -> [TownIndex.Town] {
        let view = TownBox(box)
        guard limit > 0, view.isValid else { return [] }
        let id = ObjectIdentifier(places)
        if let found = fromScanned(view, limit: limit, places: places, id: id) {
            return found.map { decode($0, places) }
        }
        if scanned?.towns != id || decoded.count > 4 * limit * Self.spareFactor { decoded = [:] }
        scans += 1
        guard scanned?.towns == id else {
            // A first view (often the only one: a trip's fitted map) scans for itself alone.
            scanned = (id, view, limit, places.townIndices(in: view, limit: limit))
            return scanned!.indices.map { decode($0, places) }
        }
        // The view moved out of what the last scan answers for: one pass finds its towns and a wider box's for the
        // views to come.
        let wide = TownBox(Self.widened(box)), spare = limit * Self.spareFactor
        let found = places.townIndices([(view, limit), (wide, spare)])
        scanned = (id, wide, spare, found[1])
        return found[0].map { decode($0, places) }
    }

    /// The view's towns from the last scan, when it answers for them: the view lies inside the scanned box, and
    /// either the scan found every place in its box or at least `limit` of those it kept are in the view (a
    /// place it left out is smaller than all of those, or equal and later in the file).
    private func fromScanned(_ view: TownBox, limit: Int, places: TownIndex, id: ObjectIdentifier) -> [Int]? {
        guard let scanned, scanned.towns == id, scanned.box.covers(view) else { return nil }
        var found: [Int] = []
        for index in scanned.indices where places.isPlace(index, in: view) {
            found.append(index)
            if found.count == limit { return found }
        }
        return scanned.indices.count < scanned.limit ? found : nil
    }

    private mutating func decode(_ index: Int, _ places: TownIndex) -> TownIndex.Town {
        if let town = decoded[index] { return town }
        let town = places.town(at: index)
        decoded[index] = town
        return town
    }

    /// `box` grown about its centre by `widening` each way (within ±90° of latitude).
    static func widened(_ box: GeoBox) -> GeoBox {
        let grow = (widening - 1) / 2
        let width = box.east - box.west, height = box.north - box.south
        return GeoBox(west: box.west - width * grow, south: max(-90, box.south - height * grow),
                      east: box.east + width * grow, north: min(90, box.north + height * grow))
    }
}
