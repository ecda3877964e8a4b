import Foundation

/// The gazetteer and the installed regions searched as one: what the stop form and `roadtrip places` ask.
///
/// - A name: both are searched and their matches merged by score (the same formula), best first. A region place
///   that is the gazetteer's place too (`isSamePlace`) is shown once, as the gazetteer's: that one has a GeoNames
///   id, a region and a country of its own.
/// - A kind of point of interest ("fuel", "camp", "museum near Flåm", see `RegionPOIQuery`): the nearest of that
///   kind to the place after "near", else to `near` (the previous stop), else the regions' first ones; then, if
///   room is left, the name matches.
/// A region's place or POI becomes a `Place` whose country and region are those of the nearest gazetteer place,
/// whose time zone is the time-zone index's at its point (see `timeZone`), and whose id is minus its OSM node id
/// (`RegionFeature.placeID`).
public struct PlaceFinder: Sendable {
    public let places: PlaceIndex
    public let regions: RegionPlaceIndex?
    /// The zone of a point; nil falls back on the nearest gazetteer place's.
    private let zone: @Sendable (Double, Double) -> String?
    /// Searches the regions for every name, even where none of their hits could be shown, reading every candidate:
    /// tests compare the shortcuts with it.
    var exhaustive = false

    /// Two places of the same name are one within this distance (a GeoNames point and an OSM node of the same
    /// village lie a few hundred metres apart; a town's two centres, a few km).
    public static let samePlaceKm = 10.0
    /// A region feature takes its country and region from the nearest gazetteer place no farther than this (none
    /// beyond: a skerry far out at sea stays without a country rather than take a foreign one).
    public static let countryReachKm = 100.0

    public init(places: PlaceIndex, regions: RegionPlaceIndex?,
                zone: @escaping @Sendable (Double, Double) -> String? = { latitude, longitude in
                    (try? TimeZoneIndex.bundled())?.zone(latitude: latitude, longitude: longitude)
                }) {
        self.places = places
        self.regions = regions
        self.zone = zone
    }

    /// `useCache: false` (benchmarks) keeps the gazetteer's cache of repeated queries out of it.
    public func query(_ text: String, limit: Int = 10, near: (latitude: Double, longitude: Double)? = nil,
                      next: (latitude: Double, longitude: Double)? = nil, useCache: Bool = true) -> [PlaceMatch] {
        guard limit > 0 else { return [] }
        guard let regions, !regions.features.isEmpty else {
            return places.query(text, limit: limit, near: near, next: next, useCache: useCache)
        }
        if let poiQuery = RegionPOIQuery(text) {
            let found = categoryMatches(poiQuery, regions, limit: limit, near: near, useCache: useCache)
            guard found.count < limit else { return found }
            let chosen = Set(found.compactMap { $0.regional?.feature.osmID })
            let named = nameMatches(text, regions, limit: limit, near: near, next: next, useCache: useCache)
                .filter { $0.regional.map { !chosen.contains($0.feature.osmID) } ?? true }
            return found + named.prefix(limit - found.count)
        }
        return nameMatches(text, regions, limit: limit, near: near, next: next, useCache: useCache)
    }

    // MARK: - Names

    private func nameMatches(_ text: String, _ regions: RegionPlaceIndex, limit: Int,
                             near: (latitude: Double, longitude: Double)?,
                             next: (latitude: Double, longitude: Double)?, useCache: Bool = true) -> [PlaceMatch] {
        var gazetteer = places.query(text, limit: limit, near: near, next: next, useCache: useCache)
        // A region hit that cannot beat the gazetteer's last of a full list is never shown (ties go to the gazetteer):
        // the regions are not searched when none could.
        let floor = gazetteer.count == limit && !exhaustive ? gazetteer.last.map { Float($0.score) } : nil
        var found: [RegionPlaceIndex.Hit] = []
        for hit in regions.nameHits(text, limit: limit, near: near, next: next, unlessAtMost: floor, exhaustive: exhaustive) {
            let feature = regions.features[hit.feature]
            if feature.category == nil, let twin = gazetteer.firstIndex(where: { isSamePlace(feature, $0) }) {
                // Shown once: the gazetteer's place, ranked by the better of the two scores.
                let shown = gazetteer[twin]
                if Double(hit.score) > shown.score {
                    gazetteer[twin] = PlaceMatch(place: shown.place, kind: hit.kind.publicKind, score: Double(hit.score),
                                                 matchedName: shown.matchedName, distanceKm: shown.distanceKm,
                                                 bearing: shown.bearing)
                }
                continue
            }
            found.append(hit)
        }
        // Stable: on equal scores the gazetteer's come first, as they were. A region hit becomes a `PlaceMatch` (its
        // country, zone and nearest place looked up) only when it is shown.
        let scores = gazetteer.map(\.score) + found.map { Double($0.score) }
        let shown = scores.indices.sorted { a, b in scores[a] != scores[b] ? scores[a] > scores[b] : a < b }.prefix(limit)
        return shown.map { i in
            guard i >= gazetteer.count else { return gazetteer[i] }
            let hit = found[i - gazetteer.count]
            return match(hit.feature, in: regions, kind: hit.kind.publicKind, score: Double(hit.score),
                         matchedName: regions.matchedName(hit.feature, source: hit.source), from: near)
        }
    }

    /// Whether a region place is the gazetteer's `match`: one of its names is the other's name (or ASCII name),
    /// as search keys, and they lie within `samePlaceKm`.
    func isSamePlace(_ feature: RegionFeature, _ match: PlaceMatch) -> Bool {
        guard match.regional == nil, match.kind != .coordinate, match.kind != .nearest else { return false }
        let place = match.place
        guard GreatCircle.distanceKm(lat1: feature.latitude, lon1: feature.longitude,
                                     lat2: place.latitude, lon2: place.longitude) <= Self.samePlaceKm else { return false }
        let theirs = Set([place.name, place.asciiName].map { PlaceNormalizer.key($0) })
        return ([feature.name, feature.englishName] + feature.otherNames).contains { name in
            !name.isEmpty && theirs.contains(PlaceNormalizer.key(name))
        }
    }

    // MARK: - Kinds of POI

    private func categoryMatches(_ query: RegionPOIQuery, _ regions: RegionPlaceIndex, limit: Int,
                                 near: (latitude: Double, longitude: Double)?, useCache: Bool) -> [PlaceMatch] {
        var from = near
        if let anchorText = query.near {
            // "near X" ranks from X, found as a stop would be (from the previous stop); nothing when X is unknown.
            guard let anchor = nameMatches(anchorText, regions, limit: 1, near: near, next: nil,
                                                useCache: useCache).first else { return [] }
            from = (anchor.place.latitude, anchor.place.longitude)
        }
        guard let from else {
            return regions.firstPOIs(query, limit: limit).map {
                match($0, in: regions, kind: .category, score: 0, matchedName: nil, from: nil)
            }
        }
        return regions.nearestPOIs(query, latitude: from.latitude, longitude: from.longitude, limit: limit).map {
            match($0.feature, in: regions, kind: .category, score: Double(PlaceRanking.nearness(detourKm: $0.km)),
                  matchedName: nil, from: from)
        }
    }

    // MARK: - Region features as places

    private func match(_ i: Int, in regions: RegionPlaceIndex, kind: PlaceMatchKind, score: Double,
                       matchedName: String?, from point: (latitude: Double, longitude: Double)?) -> PlaceMatch {
        let feature = regions.features[i]
        let gazetteer = places.nearest(latitude: feature.latitude, longitude: feature.longitude, withinKm: Self.countryReachKm)
        var nearPlace: String?
        if feature.category != nil {
            let regional = regions.nearestPlace(latitude: feature.latitude, longitude: feature.longitude,
                                                withinKm: Self.countryReachKm)
            if let regional, gazetteer.map({ regional.km <= $0.km }) ?? true {
                nearPlace = regions.features[regional.feature].displayName
            } else {
                nearPlace = gazetteer?.place.name
            }
        }
        let base = gazetteer?.place
        let name = feature.displayName
        let place = Place(
            id: feature.placeID, name: name, asciiName: PlaceNormalizer.fold(name),
            alternateNames: ([feature.englishName] + feature.otherNames).filter { !$0.isEmpty && $0 != name },
            admin1: base?.admin1, admin1Code: base?.admin1Code ?? "", countryCode: base?.countryCode ?? "",
            countryName: base?.countryName ?? "", latitude: feature.latitude, longitude: feature.longitude,
            population: feature.population,
            timezone: timeZone(feature, nearest: base))
        return PlaceMatch(
            place: place, kind: kind, score: score, matchedName: matchedName,
            distanceKm: point.map { GreatCircle.distanceKm(lat1: $0.latitude, lon1: $0.longitude,
                                                           lat2: feature.latitude, lon2: feature.longitude) },
            bearing: point.map { GreatCircle.bearing(lat1: $0.latitude, lon1: $0.longitude,
                                                     lat2: feature.latitude, lon2: feature.longitude) },
            regional: RegionalMatch(region: regions.regionName(of: i), feature: feature, nearPlace: nearPlace))
    }
}

extension PlaceFinder {
    /// The zone at the feature's point, unless that is a nautical zone ("Etc/GMT-1": the simplified coast put the
    /// point at sea, as happens to a skerry or a ferry pier) and the nearest gazetteer place has a real one.
    fileprivate func timeZone(_ feature: RegionFeature, nearest: Place?) -> String {
        let atPoint = zone(feature.latitude, feature.longitude)
        if let atPoint, !atPoint.hasPrefix("Etc/") { return atPoint }
        if let nearest, !nearest.timezone.isEmpty { return nearest.timezone }
        return atPoint ?? ""
    }
}
