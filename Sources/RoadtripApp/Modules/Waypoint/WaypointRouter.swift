/// Navigation from the stop form: only leaving it and the shared dialogs.
final class WaypointRouter: CommonRouter, WaypointRouterInput {}
