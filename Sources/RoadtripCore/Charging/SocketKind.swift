/// A charging socket or tethered plug as OpenStreetMap tags it on a charging station (`socket:type2_combo=2`,
/// `socket:type2_combo:output=150 kW`). The raw values are the tags' middle words and the words of `charge_ports`.
public enum SocketKind: String, CaseIterable, Codable, Sendable {
    case type1
    case type1Combo = "type1_combo"
    case type2
    case type2Cable = "type2_cable"
    case type2Combo = "type2_combo"
    case chademo
    case teslaSupercharger = "tesla_supercharger"
    case teslaDestination = "tesla_destination"
    case nacs
    case schuko
    case gbAC = "gb_ac"
    case gbDC = "gb_dc"

    /// Direct current: the car's own charger is bypassed, so the station and the car's curve set the power; on
    /// alternating current the car's onboard charger (`ac_charge_kw`) caps it.
    public var isDC: Bool {
        switch self {
        case .type1Combo, .type2Combo, .chademo, .teslaSupercharger, .gbDC: return true
        case .nacs: return true
        case .type1, .type2, .type2Cable, .teslaDestination, .schuko, .gbAC: return false
        }
    }

    /// What a European car takes by default: Type 2 on AC and CCS (Type 2 Combo) on DC.
    public static let standardPorts: [SocketKind] = [.type2, .type2Cable, .type2Combo]
}
