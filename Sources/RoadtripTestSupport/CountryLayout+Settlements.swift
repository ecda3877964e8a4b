import Foundation
import RoadtripCore

/// The generated country's towns, villages and hamlets (`CountryLayout`): streets, houses, buildings and the points of
/// interest a settlement of its size has, and places alone in the countryside.
extension CountryLayout {
    struct Size {
        let kind: String
        let streets: Int, length: Double, sideStreets: Int
        let population: ClosedRange<Int>
    }

    static let city = Size(kind: "city", streets: 12, length: 2_000, sideStreets: 3, population: 50_000...400_000)
    static let town = Size(kind: "town", streets: 8, length: 1_200, sideStreets: 2, population: 5_000...40_000)
    static let village = Size(kind: "village", streets: 4, length: 600, sideStreets: 1, population: 200...3_000)
    static let hamlet = Size(kind: "hamlet", streets: 1, length: 300, sideStreets: 0, population: 10...150)

    func settlement(at junction: Point, column: Int, row: Int) throws {
        let rank = min(rank(column), rank(row)), roll = random.next() % 100
        let size: Size
        switch rank {
        case 5 where roll < 30 || (column == cells / 2 && row == cells / 2): size = Self.city
        case 4...: size = Self.town
        case 3 where roll < 85, 2 where roll < 40, 1 where roll < 8: size = Self.village
        case 0...1 where roll < 25: size = Self.hamlet
        default:
            if roll > 93 { try lonePlace(near: junction, kind: roll % 2 == 0 ? "isolated_dwelling" : "locality") }
            return
        }
        newFeature()
        let name = names.place()
        let span = size.population.upperBound - size.population.lowerBound
        var tags = [("place", size.kind), ("name", name), ("population", "\(size.population.lowerBound + Int(random.next() % UInt64(span)))")]
        if let english = names.english() { tags.append(("name:en", english)) }
        try place(junction.x + 40, junction.y + 40, tags, kind: size.kind)
        var streetNodes: [Point] = []
        for index in 0..<size.streets {
            let angle = 2 * .pi * Double(index) / Double(size.streets) + Double(random.next() % 100) / 200
            let street = try houses(from: junction, angle: angle, length: size.length * Double(50 + random.next() % 50) / 100)
            streetNodes += street
            for _ in 0..<size.sideStreets where street.count > 2 {
                let from = street[1 + Int(random.next() % UInt64(street.count - 1))]
                streetNodes += try houses(from: from, angle: angle + .pi / 2, length: size.length / 3)
            }
        }
        try landuse(around: junction, radius: size.length * 0.8, tags: [("landuse", "residential")])
        try settlementPOIs(size, name: name, streets: streetNodes)
    }

    /// A residential street from `start` with houses on both sides; returns its nodes after `start`.
    private func houses(from start: Point, angle: Double, length: Double) throws -> [Point] {
        newFeature()
        let count = max(2, Int(length / 40))
        var points = [start], headings = [angle]
        for step in 1...count {
            let heading = headings[step - 1] + Double(Int(random.next() % 21) - 10) / 200
            let x = points[step - 1].x + 40 * cos(heading), y = points[step - 1].y + 40 * sin(heading)
            points.append(Point(id: try node(x, y, []), x: x, y: y))
            headings.append(heading)
        }
        let kinds = ["residential", "residential", "residential", "living_street", "service"]
        var tags = [("highway", names.pick(kinds))]
        if tags[0].1 != "service" { tags.append(("name", names.street())) }
        _ = try way(points.map(\.id), tags, counted: tags[0].1)
        for (index, point) in points.enumerated().dropFirst() where random.next() % 5 != 0 {
            let heading = headings[index]
            for side in [-1.0, 1.0] where random.next() % 4 != 0 {
                try building(at: point.x - 22 * sin(heading) * side, point.y + 22 * cos(heading) * side, angle: heading,
                             tags: [("building", index % 7 == 0 ? "apartments" : "house"), ("addr:housenumber", "\(index * 2 + (side > 0 ? 1 : 0))")])
            }
        }
        return Array(points.dropFirst())
    }

    /// Four corners and a closed way, `width` × `depth` metres turned by `angle`.
    func building(at x: Double, _ y: Double, angle: Double, width: Double = 10, depth: Double = 12,
                          tags: [(String, String)]) throws {
        newFeature()
        let c = cos(angle), s = sin(angle)
        var corners: [Int64] = []
        for (u, v) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] {
            let du = u * width, dv = v * depth
            corners.append(try node(x + du * c - dv * s, y + du * s + dv * c, []))
        }
        _ = try way(corners + [corners[0]], tags, counted: "building")
    }

    private func settlementPOIs(_ size: Size, name: String, streets: [Point]) throws {
        guard !streets.isEmpty else { return }
        let counts: [(String, String, Int)]
        switch size.kind {
        case "city": counts = [("amenity", "fuel", 6), ("amenity", "charging_station", 5), ("tourism", "hotel", 6),
                               ("tourism", "hostel", 2), ("tourism", "museum", 3), ("tourism", "attraction", 3),
                               ("historic", "monument", 2), ("historic", "castle", 1), ("amenity", "restaurant", 30),
                               ("shop", "supermarket", 12), ("amenity", "school", 8), ("amenity", "pharmacy", 6)]
        case "town": counts = [("amenity", "fuel", 2), ("amenity", "charging_station", 2), ("tourism", "hotel", 2),
                               ("tourism", "guest_house", 1), ("tourism", "museum", 1), ("historic", "monument", 1),
                               ("amenity", "restaurant", 8), ("shop", "supermarket", 3), ("amenity", "school", 2)]
        case "village": counts = [("amenity", "fuel", random.next() % 3 == 0 ? 1 : 0), ("tourism", "guest_house", random.next() % 3 == 0 ? 1 : 0),
                                  ("amenity", "charging_station", random.next() % 5 == 0 ? 1 : 0), ("shop", "convenience", 1),
                                  ("amenity", "place_of_worship", 1)]
        default: counts = [("tourism", "camp_site", random.next() % 12 == 0 ? 1 : 0)]
        }
        for (key, value, count) in counts {
            for _ in 0..<count {
                let at = streets[Int(random.next() % UInt64(streets.count))]
                let x = at.x + 15, y = at.y - 15
                if key == "tourism" && value == "hotel" && random.next() % 3 == 0 {
                    try building(at: x, y, angle: 0, width: 30, depth: 20,
                                 tags: [("building", "hotel"), (key, value), ("name", names.poi(at: name))])
                    if pass == .ways { composition.pois[POICategory.sleep.rawValue, default: 0] += 1 }
                } else {
                    try poi(x, y, key, value, name: names.poi(at: name))
                }
            }
        }
    }

    func lonePlace(near junction: Point, kind: String) throws {
        newFeature()
        let x = junction.x + Double(random.next() % 600), y = junction.y + Double(random.next() % 600)
        try place(x, y, [("place", kind), ("name", names.place())], kind: kind)
        try building(at: x + 20, y, angle: 0.3, tags: [("building", "farm")])
    }
}
