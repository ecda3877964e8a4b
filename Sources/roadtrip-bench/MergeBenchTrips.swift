import Foundation
import RoadtripCore

/// The merge bench's base file: trips as people make them, 2–20 stops each, at real towns (a little apart each time)
/// with their region, country and zone, some nights and notes; seeded, so every run merges the same file.
struct MergeBenchTrips {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func trips(_ count: Int) -> [Trip] {
        (0..<count).map { index in
            let created = Date(timeIntervalSince1970: 1_780_000_000 - Double(index) * 5_400)
            let stops = (0..<(2 + int(19))).map { _ in stop() }
            return Trip(id: uuid(), name: pick(Self.tripNames) + " " + String(2026 + index % 3),
                        createdAt: created, updatedAt: created + Double(int(86_400)),
                        startDate: int(4) == 0 ? nil : CalendarDate(year: 2027, month: 1 + int(12), day: 1 + int(28)),
                        notes: int(3) == 0 ? pick(Self.tripNotes) : "", waypoints: stops)
        }
    }

    mutating func stop() -> Waypoint {
        let town = pick(Self.towns)
        return Waypoint(id: uuid(), name: town.name, latitude: town.latitude + Double(int(2_001) - 1_000) / 100_000,
                        longitude: town.longitude + Double(int(2_001) - 1_000) / 100_000,
                        placeId: int(5) == 0 ? nil : town.placeId, region: town.region, countryCode: town.country,
                        nights: [0, 1, 1, 1, 2, 2, 3, 7][int(8)], notes: int(4) == 0 ? pick(Self.stopNotes) : "",
                        timeZone: town.zone)
    }

    mutating func uuid() -> UUID {
        let (a, b) = (random.next(), random.next())
        return withUnsafeBytes(of: (a, b)) { bytes in
            var u = [UInt8](bytes)
            u[6] = u[6] & 0x0F | 0x40
            u[8] = u[8] & 0x3F | 0x80
            return UUID(uuid: (u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]))
        }
    }

    mutating func int(_ below: Int) -> Int { Int(random.next() % UInt64(below)) }

    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    struct Town {
        let name: String, region: String, country: String, zone: String
        let latitude: Double, longitude: Double, placeId: Int
    }

    static let towns: [Town] = [
        Town(name: "Oslo", region: "Oslo", country: "NO", zone: "Europe/Oslo", latitude: 59.9127, longitude: 10.7461, placeId: 3_143_244),
        Town(name: "Bergen", region: "Vestland", country: "NO", zone: "Europe/Oslo", latitude: 60.3929, longitude: 5.3242, placeId: 3_161_732),
        Town(name: "Trondheim", region: "Trøndelag", country: "NO", zone: "Europe/Oslo", latitude: 63.4305, longitude: 10.3951, placeId: 3_133_880),
        Town(name: "Göteborg", region: "Västra Götaland", country: "SE", zone: "Europe/Stockholm", latitude: 57.7072, longitude: 11.9668, placeId: 2_711_537),
        Town(name: "København", region: "Capital Region", country: "DK", zone: "Europe/Copenhagen", latitude: 55.6759, longitude: 12.5655, placeId: 2_618_425),
        Town(name: "Hamburg", region: "Hamburg", country: "DE", zone: "Europe/Berlin", latitude: 53.5507, longitude: 9.993, placeId: 2_911_298),
        Town(name: "München", region: "Bavaria", country: "DE", zone: "Europe/Berlin", latitude: 48.1374, longitude: 11.5755, placeId: 2_867_714),
        Town(name: "Salzburg", region: "Salzburg", country: "AT", zone: "Europe/Vienna", latitude: 47.7994, longitude: 13.044, placeId: 2_766_824),
        Town(name: "Ljubljana", region: "Ljubljana", country: "SI", zone: "Europe/Ljubljana", latitude: 46.0511, longitude: 14.5051, placeId: 3_196_359),
        Town(name: "Lyon", region: "Auvergne-Rhône-Alpes", country: "FR", zone: "Europe/Paris", latitude: 45.7485, longitude: 4.8467, placeId: 2_996_944),
        Town(name: "Bordeaux", region: "Nouvelle-Aquitaine", country: "FR", zone: "Europe/Paris", latitude: 44.8404, longitude: -0.5805, placeId: 3_031_582),
        Town(name: "San Sebastián", region: "Basque Country", country: "ES", zone: "Europe/Madrid", latitude: 43.3128, longitude: -1.975, placeId: 3_110_044),
        Town(name: "Porto", region: "Porto", country: "PT", zone: "Europe/Lisbon", latitude: 41.1496, longitude: -8.611, placeId: 2_735_943),
        Town(name: "Firenze", region: "Tuscany", country: "IT", zone: "Europe/Rome", latitude: 43.7792, longitude: 11.2463, placeId: 3_176_959),
        Town(name: "Inverness", region: "Scotland", country: "GB", zone: "Europe/London", latitude: 57.4791, longitude: -4.2237, placeId: 2_646_088),
        Town(name: "Chicago", region: "Illinois", country: "US", zone: "America/Chicago", latitude: 41.85003, longitude: -87.65005, placeId: 4_887_398),
        Town(name: "St. Louis", region: "Missouri", country: "US", zone: "America/Chicago", latitude: 38.62727, longitude: -90.19789, placeId: 4_407_066),
        Town(name: "Tulsa", region: "Oklahoma", country: "US", zone: "America/Chicago", latitude: 36.15398, longitude: -95.99277, placeId: 4_553_433),
        Town(name: "Amarillo", region: "Texas", country: "US", zone: "America/Chicago", latitude: 35.222, longitude: -101.8313, placeId: 5_516_233),
        Town(name: "Santa Fe", region: "New Mexico", country: "US", zone: "America/Denver", latitude: 35.68698, longitude: -105.9378, placeId: 5_490_263),
        Town(name: "Flagstaff", region: "Arizona", country: "US", zone: "America/Phoenix", latitude: 35.19807, longitude: -111.65127, placeId: 5_294_810),
        Town(name: "Las Vegas", region: "Nevada", country: "US", zone: "America/Los_Angeles", latitude: 36.17497, longitude: -115.13722, placeId: 5_506_956),
        Town(name: "Santa Monica", region: "California", country: "US", zone: "America/Los_Angeles", latitude: 34.01949, longitude: -118.49138, placeId: 5_393_212),
        Town(name: "Moab", region: "Utah", country: "US", zone: "America/Denver", latitude: 38.57332, longitude: -109.54984, placeId: 5_543_307),
        Town(name: "Banff", region: "Alberta", country: "CA", zone: "America/Edmonton", latitude: 51.1762, longitude: -115.5698, placeId: 5_892_532),
        Town(name: "Québec", region: "Quebec", country: "CA", zone: "America/Toronto", latitude: 46.81228, longitude: -71.21454, placeId: 6_325_494),
        Town(name: "Oaxaca", region: "Oaxaca", country: "MX", zone: "America/Mexico_City", latitude: 17.06542, longitude: -96.72365, placeId: 3_522_507),
        Town(name: "Cusco", region: "Cusco", country: "PE", zone: "America/Lima", latitude: -13.52264, longitude: -71.96734, placeId: 3_941_584),
        Town(name: "Mendoza", region: "Mendoza", country: "AR", zone: "America/Argentina/Mendoza", latitude: -32.89084, longitude: -68.82717, placeId: 3_844_421),
        Town(name: "Queenstown", region: "Otago", country: "NZ", zone: "Pacific/Auckland", latitude: -45.03023, longitude: 168.66271, placeId: 6_204_696),
        Town(name: "Alice Springs", region: "Northern Territory", country: "AU", zone: "Australia/Darwin", latitude: -23.69748, longitude: 133.88362, placeId: 2_077_895),
        Town(name: "Kyōto", region: "Kyoto", country: "JP", zone: "Asia/Tokyo", latitude: 35.02107, longitude: 135.75385, placeId: 1_857_910),
        Town(name: "Chiang Mai", region: "Chiang Mai", country: "TH", zone: "Asia/Bangkok", latitude: 18.79038, longitude: 98.98468, placeId: 1_153_671),
        Town(name: "Marrakech", region: "Marrakesh-Safi", country: "MA", zone: "Africa/Casablanca", latitude: 31.63416, longitude: -7.99994, placeId: 2_542_997),
        Town(name: "Stellenbosch", region: "Western Cape", country: "ZA", zone: "Africa/Johannesburg", latitude: -33.93462, longitude: 18.86676, placeId: 3_361_142),
        Town(name: "Reykjavík", region: "Capital Region", country: "IS", zone: "Atlantic/Reykjavik", latitude: 64.13548, longitude: -21.89541, placeId: 3_413_829),
    ]

    static let tripNames = ["Fjords", "Route 66", "Alps by car", "Coast to coast", "Grandma's birthday", "Wine country",
                            "Northern lights", "Spring break", "The long way home", "Autumn colours", "Ski week",
                            "Honeymoon", "National parks", "Road trip with the kids", "Pacific coast", "Castles"]

    static let tripNotes = ["Leave early; the pass closes at dusk.", "Book the ferry a month ahead.",
                            "Rental car picked up at the airport, returned in the last town.",
                            "Budget: 120 € a day, fuel included. Ask Sam about the cabin."]

    static let stopNotes = ["Fill up the tank before the desert; motel on the left.", "Market on Saturday morning.",
                            "Parking behind the station, 12 € a night.", "Dinner at Café Central — reserve!",
                            "Hike to the viewpoint: 3 h return, take water.", "Check in after 15:00, code 4711."]
}
