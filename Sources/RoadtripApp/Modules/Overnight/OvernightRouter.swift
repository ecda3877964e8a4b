/// Navigation from the towns picker or the pacing preview: closing it.
final class OvernightRouter: CommonRouter, OvernightRouterInput {}
