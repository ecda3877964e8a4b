import Foundation

/// The places and points of interest of every installed region, searchable like the gazetteer: the same keys
/// (`PlaceNormalizer`), the same scan (`PlaceSearcher`) and the same scores (`PlaceRanking`), so its matches
/// merge with the gazetteer's by score (`PlaceFinder`). Built once from the tables (`RegionTables`), in memory
/// afterwards: a region rebuilt or removed while the app runs does not change what this copy answers (the app's
/// `RegionLoader` builds a new one).
///
/// A region whose table cannot be read (a bad line, a missing or oversized file) is left out whole, with a
/// notice in `skipped`; the others are used.
public final class RegionPlaceIndex: @unchecked Sendable {
    /// Places first (`0..<placeCount`), then points of interest.
    public let features: RegionFeatures
    public let placeCount: Int
    /// One line per region left out: "region \"fjord\" left out: places.tsv line 3: ...".
    public let skipped: [String]
    public let regionNames: [String]
    /// Each feature's region (an index into `regionNames`); also the searcher's per-place array, whose length
    /// it reads as the number of places (regions have no admin areas to filter by).
    let regionOf: Column<UInt16>
    let keys: KeyIndex
    let placeGrid: NearestPlaceGrid
    /// Per category, a grid of its POIs.
    let poiGrids: [POICategory: POIGrid]
    /// A circle holding every feature (its centre, its radius): how near a point the regions can be.
    let circle: Circle

    /// One category's POIs on a grid: grid index → `features` index in `members`, and the index of its kind in
    /// `POICategory.tags` in `kinds`, so a narrow kind word is checked without hashing the kind's string.
    struct POIGrid {
        let grid: NearestPlaceGrid
        let members: Column<UInt32>
        let kinds: Column<UInt8>
    }

    struct Circle: Equatable {
        var latitude: Double, longitude: Double, km: Double
    }

    public var poiCount: Int { features.count - placeCount }
    /// The kind code of a POI whose kind is none of `POICategory.tags`' values.
    private static let untaggedKind = UInt8.max

    /// The search of every region of `installed`, mapped from its index (`RegionSearchFile`), which is built on first
    /// use where it is missing or stale; the index of several regions is kept in `cacheDirectory` (nil: built for
    /// this process alone). Never throws: what cannot be read is in `skipped`.
    public static func load(_ installed: InstalledRegions, cacheDirectory: URL? = nil) -> RegionPlaceIndex {
        RegionSearchFile.load(installed, cacheDirectory: cacheDirectory)
    }

    /// Indexes the regions' tables; a region with a table that was not read is left out whole, named in `skipped`
    /// with the folders of `problems` (those without a usable manifest).
    convenience init(_ tables: [RegionTables], problems: [String: String] = [:]) {
        self.init(tables.map { ($0.region.name, $0.places, $0.pois) }, problems: problems)
    }

    /// The same from each region's name and what was read of its tables.
    convenience init(_ tables: [(name: String, places: Result<[RegionFeature], TableFault>, pois: Result<[RegionFeature], TableFault>)],
                     problems: [String: String] = [:]) {
        var places: [RegionFeature] = [], pois: [RegionFeature] = []
        var placeRegions: [UInt16] = [], poiRegions: [UInt16] = []
        var names: [String] = []
        var skipped = Self.notices(problems)
        var seen = Set<String>()   // overlapping extracts share OSM objects: each once
        for region in tables where names.count < Int(UInt16.max) {
            let read: ([RegionFeature], [RegionFeature])
            do {
                read = (try region.places.get(), try region.pois.get())
            } catch {
                skipped.append("region \"\(TerminalSafe.line(region.name))\" left out: \(error); rebuild it "
                               + "(roadtrip region add)")
                continue
            }
            let number = UInt16(names.count)
            names.append(region.name)
            for place in read.0 where seen.insert(place.osmID).inserted {
                places.append(place)
                placeRegions.append(number)
            }
            for poi in read.1 where poi.category != nil && seen.insert(poi.osmID).inserted {
                pois.append(poi)
                poiRegions.append(number)
            }
        }
        self.init(features: places + pois, placeCount: places.count, regionOf: placeRegions + poiRegions,
                  regionNames: names, skipped: skipped)
    }

    /// The parts, built or mapped (`RegionSearchFile`).
    init(features: RegionFeatures, placeCount: Int, regionOf: Column<UInt16>, regionNames: [String], skipped: [String],
         keys: KeyIndex, placeGrid: NearestPlaceGrid, poiGrids: [POICategory: POIGrid], circle: Circle) {
        (self.features, self.placeCount, self.regionOf, self.regionNames) = (features, placeCount, regionOf, regionNames)
        (self.skipped, self.keys, self.placeGrid, self.poiGrids, self.circle) = (skipped, keys, placeGrid, poiGrids, circle)
    }

    convenience init(features: [RegionFeature], placeCount: Int, regionOf: [UInt16], regionNames: [String], skipped: [String]) {
        var builder = KeyIndexBuilder(expectedPlaces: features.count)
        var scores: [Float] = []
        scores.reserveCapacity(features.count)
        for (i, feature) in features.enumerated() {
            let names = [feature.name, feature.englishName] + feature.otherNames
            for (source, name) in names.enumerated() where !name.isEmpty && Self.isIndexable(name) {
                let ascii = Array(PlaceNormalizer.fold(name).utf8)
                ascii.withUnsafeBufferPointer { builder.add(place: i, source: source, ascii: $0) }
            }
            scores.append(feature.category == nil ? PlaceRanking.placeScore(
                population: UInt32(clamping: Self.rankingPopulation(feature)), isCapital: false) : 0)
        }
        let placeSlice = features[..<placeCount]
        let placeGrid = NearestPlaceGrid(latitude: Column(placeSlice.map { Float($0.latitude) }),
                                         longitude: Column(placeSlice.map { Float($0.longitude) }))
        var grids: [POICategory: POIGrid] = [:]
        for category in POICategory.allCases {
            let members = (placeCount..<features.count).filter { features[$0].category == category }
            guard !members.isEmpty else { continue }
            let kinds = members.map { member in
                POICategory.tags.firstIndex { $0.category == category && $0.value == features[member].kind }
                    .map { UInt8($0) } ?? Self.untaggedKind
            }
            grids[category] = POIGrid(grid: NearestPlaceGrid(latitude: Column(members.map { Float(features[$0].latitude) }),
                                                             longitude: Column(members.map { Float(features[$0].longitude) })),
                                      members: Column(members.map { UInt32($0) }), kinds: Column(kinds))
        }
        self.init(features: RegionFeatures(features), placeCount: placeCount, regionOf: Column(regionOf),
                  regionNames: regionNames, skipped: skipped, keys: builder.build(placeScores: scores), placeGrid: placeGrid,
                  poiGrids: grids, circle: Self.enclosingCircle(features))
    }

    /// A line for each folder that is no region (no usable manifest), by name.
    static func notices(_ problems: [String: String]) -> [String] {
        problems.sorted { $0.key < $1.key }.map { "region \"\(TerminalSafe.line($0.key))\" left out: \($0.value)" }
    }

    /// The middle of the features' box (the longitudes' shorter way round) and the farthest feature from it.
    private static func enclosingCircle(_ features: [RegionFeature]) -> Circle {
        guard let first = features.first else { return Circle(latitude: 0, longitude: 0, km: 0) }
        let latitudes = features.lazy.map(\.latitude)
        // Longitudes measured from the first feature's, into -180..<180, so a box across the antimeridian stays small.
        let offsets = features.lazy.map { (($0.longitude - first.longitude).truncatingRemainder(dividingBy: 360) + 540)
            .truncatingRemainder(dividingBy: 360) - 180 }
        let latitude = (latitudes.min()! + latitudes.max()!) / 2
        let longitude = first.longitude + (offsets.min()! + offsets.max()!) / 2
        let km = features.lazy.map { GreatCircle.distanceKm(lat1: latitude, lon1: longitude,
                                                            lat2: $0.latitude, lon2: $0.longitude) }.max()!
        return Circle(latitude: latitude, longitude: longitude, km: km)
    }

    /// Latin, Cyrillic, Greek and kana names fold to keys by table; other scripts would need ICU's
    /// transliterator for every name at load, so they are left to the gazetteer.
    static func isIndexable(_ name: String) -> Bool {
        !PlaceNormalizer.hasNonLatinLetter(name) || PlaceNormalizer.isCyrillicOrGreek(name) || PlaceNormalizer.isKana(name)
    }

    /// The population a place ranks with: its own when tagged, else a typical one for its kind, so an
    /// untagged village ranks as a village of 300 against the gazetteer's towns (never shown).
    static func rankingPopulation(_ feature: RegionFeature) -> Int {
        if feature.population > 0 { return feature.population }
        switch feature.kind {
        case "city": return 50_000
        case "town": return 5_000
        case "village": return 300
        case "hamlet": return 50
        case "isolated_dwelling": return 5
        default: return 1
        }
    }

    public func regionName(of feature: Int) -> String { regionNames[Int(regionOf[feature])] }

    // MARK: - Search

    /// One name hit: the feature, its score (`PlaceRanking`'s formula, context included), how it matched and
    /// which of its names (0 `name`, 1 `name:en`, then `otherNames`).
    struct Hit {
        let feature: Int
        let score: Float
        let kind: PlaceRanking.Kind
        let source: Int
    }

    /// Places and points of interest whose names match `text`, best first, scored like `PlaceIndex.query`. Hits at or
    /// below `floor` may be left out: none at all when no hit could score above it (`bestPossibleScore`).
    /// `exhaustive`: every candidate read (`PlaceSearcher.exhaustive`), for tests of the shortcuts.
    func nameHits(_ text: String, limit: Int, near: (latitude: Double, longitude: Double)?,
                  next: (latitude: Double, longitude: Double)?, unlessAtMost floor: Float? = nil,
                  exhaustive: Bool = false) -> [Hit] {
        guard limit > 0, !features.isEmpty, Self.isIndexable(text) else { return [] }
        let query = PlaceQuery(text)
        guard query.coordinate == nil else { return [] }
        // Regions know no admin areas: "austvik, norway" is searched as "austvik".
        let key = query.commaName ?? query.key
        guard !key.isEmpty else { return [] }
        let nearness = nearnessCeiling(near: near, next: next)
        let typo = bestTypoScore(nearness: nearness)
        if let floor, max(bestNamedScore(key, nearness: nearness), typo) <= floor { return [] }
        var searcher = PlaceSearcher(limit: limit, nearness: near.map { previous in
            let through = next.map { GreatCircle.distanceKm(lat1: previous.latitude, lon1: previous.longitude,
                                                            lat2: $0.latitude, lon2: $0.longitude) } ?? 0
            return { [features] i in
                // The two columns alone: the feature's text is decoded only for what is shown.
                let latitude = features.latitude[i], longitude = features.longitude[i]
                var detour = GreatCircle.distanceKm(lat1: previous.latitude, lon1: previous.longitude,
                                                    lat2: latitude, lon2: longitude)
                if let next {
                    detour += GreatCircle.distanceKm(lat1: next.latitude, lon1: next.longitude,
                                                     lat2: latitude, lon2: longitude) - through
                }
                return PlaceRanking.nearness(detourKm: detour)
            }
        }, nearnessCeiling: near.map { previous in
            let through = next.map { GreatCircle.distanceKm(lat1: previous.latitude, lon1: previous.longitude,
                                                            lat2: $0.latitude, lon2: $0.longitude) } ?? 0
            return { [latitudes = features.latitude] i in
                let latitude = latitudes[i]
                let detour = GreatCircle.latitudeGapKm(previous.latitude, latitude)
                    + (next.map { GreatCircle.latitudeGapKm($0.latitude, latitude) - through } ?? 0)
                return PlaceRanking.nearness(detourKm: detour)
            }
        })
        searcher.exhaustive = exhaustive
        let bytes = Array(key.utf8)
        searcher.scanPrefix(keys, query: bytes, region: regionOf, allowed: nil, bonus: 0)
        searcher.scanWords(keys, words: key.split(separator: " ").map { Array($0.utf8) }, region: regionOf, allowed: nil,
                           bonus: 0)
        // Hits at or below the floor are never shown, and a typo's take no better place from the list than theirs.
        if !searcher.isFull(leadingWith: PlaceRanking.strongPrefixScore), floor.map({ typo > $0 }) ?? true {
            searcher.scanFuzzy(keys, query: bytes, region: regionOf, allowed: nil, bonus: 0)
        }
        return searcher.hits.map { Hit(feature: $0.place, score: $0.score, kind: $0.kind, source: $0.source) }
    }

    /// At least the score of any hit for `key`: the best of `bestNamedScore` and `bestTypoScore`. A little high,
    /// never low: float sums round the same way for the bound as for a score.
    func bestPossibleScore(_ key: String, near: (latitude: Double, longitude: Double)?,
                           next: (latitude: Double, longitude: Double)?) -> Float {
        let nearness = nearnessCeiling(near: near, next: next)
        return max(bestNamedScore(key, nearness: nearness), bestTypoScore(nearness: nearness))
    }

    /// The best tier (a whole name) with the best place score of the keys starting with the first word of `key`
    /// (the prefix and word scans read no others).
    private func bestNamedScore(_ key: String, nearness: Float) -> Float {
        let firstWord = Array((key.split(separator: " ").first ?? "").utf8)
        return PlaceRanking.bestWholeTier + Float(keys.ceiling.best(in: keys.prefixRange(firstWord))) / 4096 + nearness
    }

    /// A typo's best tier with the best place score of all.
    private func bestTypoScore(nearness: Float) -> Float {
        PlaceRanking.bestFuzzyTier + Float(keys.ceiling.best(in: 0..<keys.entries.count)) / 4096 + nearness
    }

    /// The nearness of the nearest point the regions' circle allows, taken 1 km nearer (0 with no context).
    private func nearnessCeiling(near: (latitude: Double, longitude: Double)?,
                                 next: (latitude: Double, longitude: Double)?) -> Float {
        guard let near else { return 0 }
        let gap = { (point: (latitude: Double, longitude: Double)) in
            max(0, GreatCircle.distanceKm(lat1: point.latitude, lon1: point.longitude,
                                          lat2: self.circle.latitude, lon2: self.circle.longitude) - self.circle.km)
        }
        var detour = gap(near)
        if let next {
            detour += gap(next) - GreatCircle.distanceKm(lat1: near.latitude, lon1: near.longitude,
                                                        lat2: next.latitude, lon2: next.longitude)
        }
        return PlaceRanking.nearness(detourKm: detour - 1)
    }

    /// The name of feature `i` that `source` stands for (nil for its own `name`).
    func matchedName(_ i: Int, source: Int) -> String? {
        let feature = features[i]
        if source == 1 { return feature.englishName }
        let others = feature.otherNames
        return source >= 2 && source - 2 < others.count ? others[source - 2] : nil
    }

    /// The `limit` points of interest of `query`'s kind nearest to a point, nearest first.
    func nearestPOIs(_ query: RegionPOIQuery, latitude: Double, longitude: Double, limit: Int) -> [(feature: Int, km: Double)] {
        guard let poi = poiGrids[query.category] else { return [] }
        let wanted = POICategory.tags.map { query.matches(kind: $0.value, category: $0.category) }
        return poi.grid.nearest(limit, latitude: latitude, longitude: longitude) { i in
            poi.kinds[i] == Self.untaggedKind ? query.matches(features[Int(poi.members[i])]) : wanted[Int(poi.kinds[i])]
        }.map { (Int(poi.members[$0.place]), $0.km) }
    }

    /// The first `limit` points of interest of `query`'s kind in the regions' order (for a query with no point
    /// to be near: nothing better to rank by).
    func firstPOIs(_ query: RegionPOIQuery, limit: Int) -> [Int] {
        guard let poi = poiGrids[query.category] else { return [] }
        return Array(poi.members.lazy.map(Int.init).filter { query.matches(self.features[$0]) }.prefix(limit))
    }

    /// The region place nearest to a point no farther than `km`, and how far.
    func nearestPlace(latitude: Double, longitude: Double, withinKm km: Double) -> (feature: Int, km: Double)? {
        placeGrid.nearest(latitude: latitude, longitude: longitude, withinKm: km).map { ($0.place, $0.km) }
    }
}
