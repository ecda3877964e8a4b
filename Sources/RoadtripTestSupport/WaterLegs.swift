import RoadtripCore

/// Real legs by fjords, islands, straits and coasts, with the road as it is driven: what the estimate's water
/// check is held to (`WaterLegsTests`) and timed on (the `water` bench group). Stops are town centres.
///
/// Road distances are approximate and rounded: the source of each is named beside it. A leg that `crossesWater` has no
/// road round the water that the shorelines can show (an island, a strait, a bridge longer than a sound): it must be
/// marked. Any other must not be. A leg with `roadKm` must lie within `tolerance` of that road; one without has a road
/// whose length is not known well enough to write here.
public struct WaterLeg: Sendable, CustomStringConvertible {
    public let name: String
    public let from: Coordinate
    public let to: Coordinate
    public let roadKm: Double?
    public let crossesWater: Bool
    /// What the leg is about and where its road figure comes from.
    public let why: String

    public var description: String { name }

    /// The estimate's allowed error against the road, as a share of the road: the fjord legs' roads wind through
    /// mountains no shoreline shows (Reine → Tromsø is 1.9 times its line, its way over land 1.07).
    public static let tolerance = 0.3

    init(_ name: String, _ from: (Double, Double), _ to: (Double, Double), roadKm: Double?, crossesWater: Bool = false,
         _ why: String) {
        self.name = name
        self.from = try! Coordinate(latitude: from.0, longitude: from.1)
        self.to = try! Coordinate(latitude: to.0, longitude: to.1)
        self.roadKm = roadKm
        self.crossesWater = crossesWater
        self.why = why
    }

    public static let all: [WaterLeg] = [
        WaterLeg("Trondheim → Bodø", (63.4305, 10.3951), (67.2804, 14.4049), roadKm: 720,
                 "E6 inland round the fjords, no ferry: about 720 km (Rough Guides, 'North from Trondheim to Bodø')"),
        WaterLeg("Reine → Tromsø", (67.9322, 13.0889), (69.6492, 18.9553), roadKm: 580,
                 "E10 off Lofoten by bridges and tunnels, then E6 and E8: about 560 km (approximate, route planners)"),
        WaterLeg("Flåm → Geiranger", (60.8628, 7.1137), (62.1008, 7.2059), roadKm: 240,
                 "round the Sognefjord's arms with the Mannheller–Fodnes ferry: about 240 km (approximate, route planners)"),
        WaterLeg("Tromsø → Honningsvåg", (69.6492, 18.9553), (70.9821, 25.9704), roadKm: 540,
                 "E8, E6 round the fjords by Alta, E69 through the North Cape tunnel: about 540 km (issue 34)"),
        WaterLeg("Ullapool → Portree", (57.8953, -5.1607), (57.4125, -6.1961), roadKm: 195,
                 "A835, A890 to Kyle of Lochalsh, the Skye Bridge, A87: about 195 km (approximate, route planners)"),
        WaterLeg("Inverness → Portree", (57.4778, -4.2247), (57.4125, -6.1961), roadKm: 180,
                 "A82 and A87 by the Skye Bridge: about 180 km (approximate, route planners)"),
        WaterLeg("Bergen → Stavanger", (60.3913, 5.3221), (58.9700, 5.7331), roadKm: 210,
                 "E39 with two ferries (Halhjem–Sandvikvåg, Arsvågen–Mortavika): about 210 km, 5 hours by the coast bus"),
        WaterLeg("Copenhagen → Malmö", (55.6761, 12.5683), (55.6050, 13.0038), roadKm: 45, crossesWater: true,
                 "the Øresund Bridge and tunnel, 16 km over the sea, far wider than a sound: about 45 km (approximate)"),
        WaterLeg("Ålesund → Geiranger", (62.4723, 6.1549), (62.1008, 7.2059), roadKm: 110,
                 "E39, E136 and the Linge–Eidsdal ferry: about 110 km (approximate, route planners)"),
        WaterLeg("Santa Monica → San Diego", (34.0195, -118.4912), (32.7157, -117.1611), roadKm: 210,
                 "I-405 and I-5 along the coast: about 200 km (125 miles, approximate)"),
        WaterLeg("Barcelona → Valencia", (41.3874, 2.1686), (39.4699, -0.3763), roadKm: 350,
                 "AP-7 round the gulf: about 350 km (approximate, route planners)"),
        WaterLeg("Nice → Genoa", (43.7102, 7.2620), (44.4056, 8.9463), roadKm: 195,
                 "A8 and A10 along the Riviera: about 195 km (approximate, route planners)"),
        WaterLeg("Oslo → Tromsø", (59.9139, 10.7522), (69.6492, 18.9553), roadKm: 1650,
                 "a long leg on a coarse grid, still round the fjords: E6 the whole way, about 1,650 km (approximate)"),
        WaterLeg("Trondheim → Hammerfest", (63.4305, 10.3951), (70.6634, 23.6821), roadKm: nil,
                 "Hammerfest's island has had a bridge since 1977 (Kvalsund): a sound narrower than this long leg's cells"),
        WaterLeg("Helsinki → Tallinn", (60.1699, 24.9384), (59.4370, 24.7536), roadKm: nil, crossesWater: true,
                 "a ferry over the Gulf of Finland, about 80 km; the road round by St Petersburg is far out of reach"),
        WaterLeg("Dover → Calais", (51.1279, 1.3134), (50.9513, 1.8587), roadKm: nil, crossesWater: true,
                 "a ferry, about 45 km over the Strait of Dover (or the Channel Tunnel's train)"),
        WaterLeg("Seattle → Victoria", (47.6062, -122.3321), (48.4284, -123.3656), roadKm: nil, crossesWater: true,
                 "Vancouver Island has no bridge: ferries only (Port Angeles–Victoria, about 40 km)"),
        WaterLeg("Hobart → Melbourne", (-42.8821, 147.3272), (-37.8136, 144.9631), roadKm: nil, crossesWater: true,
                 "Bass Strait: the Spirit of Tasmania from Devonport, about 11 hours at sea"),
        WaterLeg("Wellington → Picton", (-41.2865, 174.7762), (-41.2906, 174.0010), roadKm: nil, crossesWater: true,
                 "Cook Strait: the Interislander ferry, about 92 km (KiwiRail)"),
        WaterLeg("Ullapool → Stornoway", (57.8953, -5.1607), (58.2093, -6.3865), roadKm: nil, crossesWater: true,
                 "Lewis has no bridge: the CalMac ferry over the Minch, about 2 hours 30"),
    ]
}
