import Routes
print("placeholder")
