"""Country names, for questions whose answer is one: "In which country was the director of X born?" asks for
"Mexico" where "Where was ... born?" would make "Guadalajara" as right an answer as the cited "Mexico"."""

from __future__ import annotations

COUNTRIES = frozenset("""Afghanistan Albania Algeria Andorra Angola Argentina Armenia Australia Austria Azerbaijan
Bahamas Bahrain Bangladesh Barbados Belarus Belgium Belize Benin Bhutan Bolivia Botswana Brazil Brunei Bulgaria
Burundi Cambodia Cameroon Canada Chad Chile China Colombia Comoros Croatia Cuba Cyprus Czechoslovakia Denmark
Djibouti Dominica Ecuador Egypt England Eritrea Estonia Eswatini Ethiopia Fiji Finland France Gabon Gambia Georgia
Germany Ghana Greece Grenada Guatemala Guinea Guyana Haiti Honduras Hungary Iceland India Indonesia Iran Iraq
Ireland Israel Italy Jamaica Japan Jordan Kazakhstan Kenya Kiribati Kosovo Kuwait Kyrgyzstan Laos Latvia Lebanon
Lesotho Liberia Libya Liechtenstein Lithuania Luxembourg Madagascar Malawi Malaysia Maldives Mali Malta Mauritania
Mauritius Mexico Micronesia Moldova Monaco Mongolia Montenegro Morocco Mozambique Myanmar Burma Namibia Nauru Nepal
Netherlands Nicaragua Niger Nigeria Norway Oman Pakistan Palau Palestine Panama Paraguay Peru Philippines Poland
Portugal Prussia Qatar Romania Russia Rwanda Samoa Scotland Senegal Serbia Seychelles Singapore Slovakia Slovenia
Somalia Spain Sudan Suriname Sweden Switzerland Syria Taiwan Tajikistan Tanzania Thailand Togo Tonga Tunisia Turkey
Turkmenistan Tuvalu Uganda Ukraine Uruguay Uzbekistan Vanuatu Venezuela Vietnam Wales Yemen Yugoslavia Zambia
Zimbabwe""".split()) | frozenset({
    "Bosnia and Herzegovina", "Burkina Faso", "Cape Verde", "Central African Republic", "Costa Rica", "Czech Republic",
    "Dominican Republic", "East Germany", "West Germany", "El Salvador", "Equatorial Guinea", "Ivory Coast",
    "New Zealand", "North Korea", "South Korea", "North Macedonia", "Papua New Guinea", "Saudi Arabia", "Sierra Leone",
    "Solomon Islands", "South Africa", "South Sudan", "Soviet Union", "Sri Lanka", "Trinidad and Tobago",
    "United Arab Emirates", "United Kingdom", "United States", "Northern Ireland", "Ottoman Empire",
    "Austria-Hungary", "the Netherlands", "the United States", "the United Kingdom", "the Philippines",
})


MODERN_STATES = 1919  # borders and names settled enough after the First World War for a birth country to be one answer
_PARTS = frozenset({"England", "Scotland", "Wales", "Northern Ireland"})  # "England" is as right as "United Kingdom"


def born_where(who: str, place: str, born: int | None) -> str | None:
    """The question asking where `who` (born in year `born`) was born, for the answer `place`; None where a bare
    country would not be the one answer: Bierstadt "was born in Germany" in 1830, in Solingen, Prussia."""
    if place not in COUNTRIES:
        return f"Where was {who} born?"
    if born is None or born < MODERN_STATES or place in _PARTS:
        return None
    return f"In which country was {who} born?"
