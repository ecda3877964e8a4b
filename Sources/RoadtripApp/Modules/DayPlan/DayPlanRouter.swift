/// Navigation from the days view: back, and the shared dialogs (help).
final class DayPlanRouter: CommonRouter, DayPlanRouterInput {}
