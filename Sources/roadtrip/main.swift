import RoadtripApp
print("roadtrip \(AppInfo.version)")
