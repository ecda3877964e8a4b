/// The kinds of point of interest a road tripper looks for, and the OpenStreetMap tags that make each one.
/// The raw values are the words of the command line (`--category sleep`) and of `pois.tsv`.
public enum POICategory: String, CaseIterable, Codable, Sendable {
    case sleep, fuel, charge, see, rest, ferry

    /// `key=value` pairs of OpenStreetMap that put a node or way in each category (the list).
    public static let tags: [(key: String, value: String, category: POICategory)] = [
        ("tourism", "hotel", .sleep), ("tourism", "motel", .sleep), ("tourism", "guest_house", .sleep),
        ("tourism", "hostel", .sleep), ("tourism", "camp_site", .sleep), ("tourism", "caravan_site", .sleep),
        ("tourism", "alpine_hut", .sleep),
        ("amenity", "fuel", .fuel),
        ("amenity", "charging_station", .charge),
        ("tourism", "viewpoint", .see), ("tourism", "attraction", .see), ("tourism", "museum", .see),
        ("historic", "castle", .see), ("historic", "monument", .see),
        ("natural", "peak", .see), ("natural", "waterfall", .see),
        ("highway", "rest_area", .rest), ("highway", "services", .rest),
        ("amenity", "ferry_terminal", .ferry),
    ]

    /// The category of a feature tagged `key=value`; nil when it is in none.
    public static func category(key: String, value: String) -> POICategory? {
        tags.first { $0.key == key && $0.value == value }?.category
    }
}
