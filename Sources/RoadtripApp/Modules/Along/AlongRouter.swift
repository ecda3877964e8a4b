/// Navigation from the list along the road: closing it.
final class AlongRouter: CommonRouter, AlongRouterInput {}
