/// What the days view keeps for the rest of the run, whichever trip it next opens on: whether it shows the cost
/// column (`$`). One per app (`AppContext`).
final class DayPlanMemory {
    var showsCost = false
}
