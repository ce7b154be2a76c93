/**
 * The time zone of a phone number from its country calling code, for the countries that keep one
 * time zone (one UTC offset, with the same daylight saving rule) in all their territory.
 *
 * Calling codes (ITU-T E.164) are prefix-free: a number starts with at most one of them, so the
 * first one, two or three digits find it. Codes of countries with several zones are listed too,
 * as `null`: their numbers need the recipient's time zone from a field (docs/guards.md). A code
 * that several territories share (+44, +590) has a zone when all their clocks agree. Every
 * country of the IANA time zone database's country table is here (test/node/guards/callingCodes.ts).
 * Two countries are read by their official time although the database has a second zone: China
 * (Beijing time; Asia/Urumqi is the Xinjiang time some people keep) and Ukraine (Europe/Kyiv;
 * Europe/Simferopol is occupied Crimea, whose operators number with +7).
 */
const CALLING_CODE_ZONES: Record<string, string | null> = {
	// several time zones: the number alone cannot say which
	'1': null, // United States, Canada and the Caribbean of the North American plan
	'7': null, // Russia, Kazakhstan
	'34': null, // Spain (Canary Islands)
	'52': null, // Mexico
	'55': null, // Brazil
	'56': null, // Chile (Easter Island)
	'61': null, // Australia
	'62': null, // Indonesia
	'64': null, // New Zealand (Chatham Islands)
	'243': null, // DR Congo
	'262': null, // Réunion (UTC+4), Mayotte (UTC+3)
	'299': null, // Greenland
	'351': null, // Portugal (Azores)
	'500': null, // Falkland Islands (UTC-3), South Georgia (UTC-2)
	'593': null, // Ecuador (Galápagos)
	'672': null, // Norfolk Island, Australian Antarctic bases
	'675': null, // Papua New Guinea (Bougainville)
	'686': null, // Kiribati
	'689': null, // French Polynesia
	'691': null, // Micronesia
	'976': null, // Mongolia
	// Europe
	'30': 'Europe/Athens',
	'31': 'Europe/Amsterdam',
	'32': 'Europe/Brussels',
	'33': 'Europe/Paris',
	'36': 'Europe/Budapest',
	'39': 'Europe/Rome',
	'40': 'Europe/Bucharest',
	'41': 'Europe/Zurich',
	'43': 'Europe/Vienna',
	'44': 'Europe/London', // with Jersey, Guernsey and the Isle of Man
	'45': 'Europe/Copenhagen',
	'46': 'Europe/Stockholm',
	'47': 'Europe/Oslo',
	'48': 'Europe/Warsaw',
	'49': 'Europe/Berlin',
	'350': 'Europe/Gibraltar',
	'352': 'Europe/Luxembourg',
	'353': 'Europe/Dublin',
	'354': 'Atlantic/Reykjavik',
	'355': 'Europe/Tirane',
	'356': 'Europe/Malta',
	'357': 'Asia/Nicosia',
	'358': 'Europe/Helsinki',
	'359': 'Europe/Sofia',
	'370': 'Europe/Vilnius',
	'371': 'Europe/Riga',
	'372': 'Europe/Tallinn',
	'373': 'Europe/Chisinau',
	'374': 'Asia/Yerevan',
	'375': 'Europe/Minsk',
	'376': 'Europe/Andorra',
	'377': 'Europe/Monaco',
	'378': 'Europe/San_Marino',
	'380': 'Europe/Kyiv',
	'381': 'Europe/Belgrade',
	'382': 'Europe/Podgorica',
	'383': 'Europe/Belgrade',
	'385': 'Europe/Zagreb',
	'386': 'Europe/Ljubljana',
	'387': 'Europe/Sarajevo',
	'389': 'Europe/Skopje',
	'420': 'Europe/Prague',
	'421': 'Europe/Bratislava',
	'423': 'Europe/Vaduz',
	'90': 'Europe/Istanbul',
	'298': 'Atlantic/Faroe',
	// Asia and the Middle East
	'60': 'Asia/Kuala_Lumpur',
	'63': 'Asia/Manila',
	'65': 'Asia/Singapore',
	'66': 'Asia/Bangkok',
	'81': 'Asia/Tokyo',
	'82': 'Asia/Seoul',
	'850': 'Asia/Pyongyang',
	'84': 'Asia/Ho_Chi_Minh',
	'86': 'Asia/Shanghai',
	'91': 'Asia/Kolkata',
	'92': 'Asia/Karachi',
	'93': 'Asia/Kabul',
	'94': 'Asia/Colombo',
	'95': 'Asia/Yangon',
	'98': 'Asia/Tehran',
	'852': 'Asia/Hong_Kong',
	'853': 'Asia/Macau',
	'855': 'Asia/Phnom_Penh',
	'856': 'Asia/Vientiane',
	'670': 'Asia/Dili',
	'673': 'Asia/Brunei',
	'880': 'Asia/Dhaka',
	'886': 'Asia/Taipei',
	'960': 'Indian/Maldives',
	'961': 'Asia/Beirut',
	'962': 'Asia/Amman',
	'963': 'Asia/Damascus',
	'964': 'Asia/Baghdad',
	'965': 'Asia/Kuwait',
	'966': 'Asia/Riyadh',
	'967': 'Asia/Aden',
	'968': 'Asia/Muscat',
	'970': 'Asia/Gaza', // Palestine (Gaza and Hebron keep the same clock)
	'971': 'Asia/Dubai',
	'972': 'Asia/Jerusalem',
	'973': 'Asia/Bahrain',
	'974': 'Asia/Qatar',
	'975': 'Asia/Thimphu',
	'977': 'Asia/Kathmandu',
	'992': 'Asia/Dushanbe',
	'993': 'Asia/Ashgabat',
	'994': 'Asia/Baku',
	'995': 'Asia/Tbilisi',
	'996': 'Asia/Bishkek',
	'998': 'Asia/Tashkent',
	// the Indian Ocean
	'230': 'Indian/Mauritius',
	'246': 'Indian/Chagos',
	'248': 'Indian/Mahe',
	'261': 'Indian/Antananarivo',
	'269': 'Indian/Comoro',
	// the Pacific
	'674': 'Pacific/Nauru',
	'676': 'Pacific/Tongatapu',
	'677': 'Pacific/Guadalcanal',
	'678': 'Pacific/Efate',
	'679': 'Pacific/Fiji',
	'680': 'Pacific/Palau',
	'681': 'Pacific/Wallis',
	'682': 'Pacific/Rarotonga',
	'683': 'Pacific/Niue',
	'685': 'Pacific/Apia',
	'687': 'Pacific/Noumea',
	'688': 'Pacific/Funafuti',
	'690': 'Pacific/Fakaofo',
	'692': 'Pacific/Majuro',
	// Africa
	'20': 'Africa/Cairo',
	'27': 'Africa/Johannesburg',
	'211': 'Africa/Juba',
	'212': 'Africa/Casablanca', // Morocco and Western Sahara
	'213': 'Africa/Algiers',
	'216': 'Africa/Tunis',
	'218': 'Africa/Tripoli',
	'220': 'Africa/Banjul',
	'221': 'Africa/Dakar',
	'222': 'Africa/Nouakchott',
	'223': 'Africa/Bamako',
	'224': 'Africa/Conakry',
	'225': 'Africa/Abidjan',
	'226': 'Africa/Ouagadougou',
	'227': 'Africa/Niamey',
	'228': 'Africa/Lome',
	'229': 'Africa/Porto-Novo',
	'231': 'Africa/Monrovia',
	'232': 'Africa/Freetown',
	'233': 'Africa/Accra',
	'234': 'Africa/Lagos',
	'235': 'Africa/Ndjamena',
	'236': 'Africa/Bangui',
	'237': 'Africa/Douala',
	'238': 'Atlantic/Cape_Verde',
	'239': 'Africa/Sao_Tome',
	'240': 'Africa/Malabo',
	'241': 'Africa/Libreville',
	'242': 'Africa/Brazzaville',
	'244': 'Africa/Luanda',
	'245': 'Africa/Bissau',
	'247': 'Atlantic/St_Helena', // Ascension
	'249': 'Africa/Khartoum',
	'250': 'Africa/Kigali',
	'251': 'Africa/Addis_Ababa',
	'252': 'Africa/Mogadishu',
	'253': 'Africa/Djibouti',
	'254': 'Africa/Nairobi',
	'255': 'Africa/Dar_es_Salaam',
	'256': 'Africa/Kampala',
	'257': 'Africa/Bujumbura',
	'258': 'Africa/Maputo',
	'260': 'Africa/Lusaka',
	'263': 'Africa/Harare',
	'264': 'Africa/Windhoek',
	'265': 'Africa/Blantyre',
	'266': 'Africa/Maseru',
	'267': 'Africa/Gaborone',
	'268': 'Africa/Mbabane',
	'290': 'Atlantic/St_Helena', // St Helena and Tristan da Cunha
	'291': 'Africa/Asmara',
	// the Americas (other than the North American plan)
	'51': 'America/Lima',
	'53': 'America/Havana',
	'54': 'America/Argentina/Buenos_Aires',
	'57': 'America/Bogota',
	'58': 'America/Caracas',
	'297': 'America/Aruba',
	'501': 'America/Belize',
	'502': 'America/Guatemala',
	'503': 'America/El_Salvador',
	'504': 'America/Tegucigalpa',
	'505': 'America/Managua',
	'506': 'America/Costa_Rica',
	'507': 'America/Panama',
	'508': 'America/Miquelon',
	'509': 'America/Port-au-Prince',
	'590': 'America/Guadeloupe', // Guadeloupe, Saint Barthélemy, Saint Martin
	'591': 'America/La_Paz',
	'592': 'America/Guyana',
	'594': 'America/Cayenne',
	'595': 'America/Asuncion',
	'596': 'America/Martinique',
	'597': 'America/Paramaribo',
	'598': 'America/Montevideo',
	'599': 'America/Curacao', // Curaçao and the Caribbean Netherlands
};

export interface CountryZone {
	/** the calling code the number starts with, when it is one the table knows */
	callingCode?: string;
	/** its one time zone; undefined when the country has several (or the code is not in the table) */
	zone?: string;
}

/** The time zone a normalised phone number (digits with the country code) says, if its country has one. */
export function zoneOfPhone(phone: string): CountryZone {
	for (const length of [1, 2, 3]) {
		const code = phone.slice(0, length);
		const zone = CALLING_CODE_ZONES[code];
		if (zone !== undefined) return { callingCode: code, zone: zone ?? undefined };
	}
	return {};
}

/** The calling codes whose numbers need the recipient's time zone from a field (for the docs and tests). */
export const MULTI_ZONE_CALLING_CODES = Object.keys(CALLING_CODE_ZONES).filter(
	(code) => CALLING_CODE_ZONES[code] === null,
);
/** Every calling code with its one zone (for the tests). */
export const SINGLE_ZONE_CALLING_CODES = Object.entries(CALLING_CODE_ZONES).filter(
	(entry): entry is [string, string] => entry[1] !== null,
);
