import Foundation

extension CostText {
    /// "€460 (fuel €123 · lodging €300 · tolls €12 · other €25) · €230 each"; nil when no part is known. A part not
    /// known is left out, a tolled leg without a price says so.
    public static func summary(_ cost: TripCost) -> String? {
        guard let total = cost.total else { return nil }
        var out = amount(total, cost.currency)
        let parts = self.parts(fuel: cost.fuel, lodging: cost.lodging, tolls: cost.tolls, other: cost.other,
                               tollsUnknown: cost.tollsUnknown, cost)
        if parts.count > 1 || cost.tollsUnknown { out += " (" + parts.joined(separator: " · ") + ")" }
        if cost.travellers > 1, let each = cost.perTraveller { out += " · \(amount(each, cost.currency)) each" }
        return out
    }

    /// A day's cost: "€85" or "€85 + tolls ?"; "" when nothing of it is known.
    public static func day(_ day: TripCost.Day, _ currency: String) -> String {
        let total = day.total.map { amount($0, currency) } ?? ""
        guard day.tollsUnknown else { return total }
        return total.isEmpty ? "tolls ?" : total + " + tolls ?"
    }

    /// A day's parts in words, for an export's day: "fuel €40 · lodging €45".
    public static func dayParts(_ day: TripCost.Day, _ cost: TripCost) -> String {
        parts(fuel: day.fuel, lodging: day.lodging, tolls: day.tolls, other: day.other, tollsUnknown: day.tollsUnknown,
              cost).joined(separator: " · ")
    }

    private static func parts(fuel: Double?, lodging: Double?, tolls: Double?, other: Double?, tollsUnknown: Bool,
                              _ cost: TripCost) -> [String] {
        let currency = cost.currency
        var parts: [String] = []
        if let fuel { parts.append("\(cost.electric ? "energy" : "fuel") \(amount(fuel, currency))") }
        if let lodging { parts.append("lodging \(amount(lodging, currency))") }
        if let tolls { parts.append("tolls \(amount(tolls, currency))" + (tollsUnknown ? " + unpriced tolls" : "")) }
        else if tollsUnknown { parts.append("tolled, price unknown") }
        if let other { parts.append("other \(amount(other, currency))") }
        return parts
    }

    /// What each part stands on, for `show`: the consumption and price, the nights, what the tolls are known from.
    public static func sources(_ cost: TripCost, _ settings: Settings) -> [String: String] {
        var sources: [String: String] = [:]
        let unit = cost.electric ? "kWh" : "l"
        let price = cost.electric ? settings.energyPrice : settings.fuelPrice
        let priceName = cost.electric ? "energy_price" : "fuel_price"
        if settings.consumptionPer100km <= 0 {
            sources["fuel"] = "not known: set consumption_per_100km"
        } else if price <= 0 {
            sources["fuel"] = "not known: set \(priceName)"
        } else {
            let amount = cost.fuelAmount.map { FixedDecimal.format($0, decimals: 0) } ?? "?"
            var consumption = "\(TOMLValue.decimal(settings.consumptionPer100km)) \(unit)/100 km at 90 km/h"
            if settings.consumptionAt120Per100km > 0 {
                consumption += ", \(TOMLValue.decimal(settings.consumptionAt120Per100km)) at 120"
            }
            sources["fuel"] = "\(amount) \(unit) (\(consumption), at each leg's average speed) × "
                + "\(self.amount(price, cost.currency))/\(unit)"
        }
        sources["lodging"] = cost.lodging == nil ? "not counted: set lodging_per_night or a stop's cost"
            : "\(cost.nights) nights at lodging_per_night \(self.amount(settings.lodgingPerNight, cost.currency)) "
                + "or the stop's own cost"
        let tolledKm = FixedDecimal.format(cost.tolledKm, decimals: 0)
        sources["tolls"] = cost.legsWithoutTollData > 0
            ? "\(tolledKm) km tolled where the regions know; \(cost.legsWithoutTollData) legs without toll data"
            : "\(tolledKm) km tolled, from the regions' OpenStreetMap ways (toll, charge)"
        sources["other"] = "the stops' own costs (otherCost)"
        return sources
    }
}
