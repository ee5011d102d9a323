package hookchain

decision := {"verdict": "allow"}
