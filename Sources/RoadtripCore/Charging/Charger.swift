/// A charging station of an installed region (`amenity=charging_station`, or a hotel or campsite tagged with its
/// sockets), as its build read it from the extract: its sockets with their power, and whether it is private.
public struct Charger: Equatable, Sendable {
    public struct Socket: Equatable, Sendable {
        public var kind: SocketKind
        /// How many (`socket:type2=4`); at least 1.
        public var count: Int
        /// `socket:KIND:output` in kW when tagged and plausible; nil when not tagged.
        public var kw: Double?

        public init(kind: SocketKind, count: Int, kw: Double?) {
            self.kind = kind
            self.count = count
            self.kw = kw
        }
    }

    /// The OpenStreetMap object ("n123"), as in the region's POIs.
    public var osmID: String
    public var latitude: Double
    public var longitude: Double
    public var name: String
    public var sockets: [Socket]
    /// `access=private` or `no` (or `motorcar` so): never planned.
    public var isPrivate: Bool

    public init(osmID: String, latitude: Double, longitude: Double, name: String, sockets: [Socket], isPrivate: Bool) {
        self.osmID = osmID
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
        self.sockets = sockets
        self.isPrivate = isPrivate
    }
}
