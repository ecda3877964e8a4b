/// What the battery holds at a stop, in words every screen shares: "62 %" on arrival at the end, "14 → 80 %" where
/// it charges, "4 % (reserve 10 %)" below the reserve, "runs out" where the walk goes below empty; and a charge
/// stop's "24 min · 150 kW · +31 kWh".
public enum BatteryText {
    public static func stop(_ walk: BatteryWalk, _ index: Int, battery: EVBattery) -> String {
        let leave = Int(walk.depart[index].rounded(.down))
        guard let arrive = walk.arrive[index] else { return "\(leave) %" }
        guard arrive >= 0 else { return "runs out" }
        let arriving = Int(arrive.rounded(.down))
        let low = arriving < battery.reserveSoC ? " (reserve \(battery.reserveSoC) %)" : ""
        guard index + 1 < walk.depart.count, leave > arriving else { return "\(arriving) %" + low }
        return "\(arriving) → \(leave) %" + low
    }

    /// A charge stop's time, power and energy.
    public static func charge(_ mark: ChargeMark, stayMinutes: Int) -> String {
        "\(stayMinutes) min · \(ChargePreview.kw(mark.kw)) kW · +\(ChargePreview.kWh(mark.kWh)) kWh"
    }
}
