runPlacesBenchmarks()
