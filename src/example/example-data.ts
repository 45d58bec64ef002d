/**
 * The example person/computer dataset for `exampleSchema`: a few dozen records
 * that exercise every rule of docs/data-layer.md — nulls (`birth_date`, `gender`), mixed
 * case (`John`, `john`, `JOHN`), Unicode (`Zoë`, `Ærø`, `İstanbul`, `straße`, an
 * astral character), `%`, `_` and a backslash inside values, persons without
 * computers, computers without an owner, and ties on `name` and `birth_date`.
 * Relationships are given from the computer side (`owner`); the memory layer links
 * `person.computers` from it.
 *
 * @example
 * const layer = createMemoryLayer(exampleSchema, exampleData);
 */
export const exampleData = {
  person: [
    { id: '1', name: 'John', display_name: 'John Doe', birth_date: '1990-04-02', gender: 'm' },
    { id: '2', name: 'john', display_name: 'john smith', birth_date: '1985-11-30', gender: 'm' },
    { id: '3', name: 'JOHN', display_name: 'JOHN RIVERS', birth_date: null, gender: null },
    { id: '4', name: 'Jane', display_name: 'Jane Doe', birth_date: '1990-04-02', gender: 'f' },
    { id: '5', name: 'Zoë', display_name: 'Zoë Kravitz', birth_date: '1988-12-01', gender: 'f' },
    { id: '6', name: 'Ærø', display_name: 'Ærø Islander', birth_date: '1975-06-15', gender: 'x' },
    { id: '7', name: 'İstanbul', display_name: 'İstanbul Resident', birth_date: '2001-01-01', gender: null },
    { id: '8', name: 'straße', display_name: 'Anna Straße', birth_date: '1999-09-09', gender: 'f' },
    { id: '9', name: 'Smiley 😀', display_name: 'Smiley Face', birth_date: '2000-02-29', gender: 'x' },
    { id: '10', name: 'Private Use \uE000', display_name: 'Private Use', birth_date: '1970-01-01', gender: null },
    { id: '11', name: 'Alice', display_name: 'Alice Liddell', birth_date: '1995-05-05', gender: 'f' },
    { id: '12', name: 'Alice', display_name: 'Alice Cooper', birth_date: '1948-02-04', gender: 'm' },
    { id: '13', name: 'Bob', display_name: 'Bob Marley', birth_date: '1945-02-06', gender: 'm' },
    { id: '14', name: 'bob', display_name: 'bob dylan', birth_date: null, gender: 'm' },
    { id: '15', name: 'Charlie', display_name: 'Charlie 100% Sure', birth_date: '1990-04-02', gender: null },
    { id: '16', name: 'Dana_Scully', display_name: 'Dana Scully', birth_date: '1964-02-23', gender: 'f' },
    { id: '17', name: 'Back\\Slash', display_name: 'Back Slash', birth_date: '1980-08-08', gender: 'x' },
    { id: '18', name: 'Émile', display_name: 'Émile Zola', birth_date: '1840-04-02', gender: 'm' },
    { id: '19', name: 'emile', display_name: 'emile lowercase', birth_date: '1840-04-02', gender: 'm' },
    { id: '20', name: 'Ólafur', display_name: 'Ólafur Arnalds', birth_date: '1986-11-03', gender: 'm' },
    { id: '21', name: 'Joanna', display_name: 'Joanna Newsom', birth_date: '1982-01-18', gender: 'f' },
    { id: '22', name: 'Jo', display_name: 'Jo March', birth_date: '1985-11-30', gender: null },
    { id: '23', name: 'Σίσυφος', display_name: 'Σίσυφος ΟΔΥΣΣΕΥΣ', birth_date: '1001-01-01', gender: 'm' },
    { id: '24', name: 'Zed', display_name: 'Zed Shaw', birth_date: null, gender: 'm' },
    { id: '25', name: 'Mary-Jane', display_name: 'Mary-Jane Watson', birth_date: '1992-07-07', gender: 'f' },
    { id: '26', name: 'O\'Brien', display_name: 'Conan O\'Brien', birth_date: '1963-04-18', gender: 'm' },
    { id: '27', name: 'Test Person', display_name: 'Test Person', birth_date: '2010-10-10', gender: 'x' },
    { id: '28', name: '', display_name: 'Nameless', birth_date: '1999-12-31', gender: null },
    { id: '29', name: 'Zoe', display_name: 'Zoe Decomposed Zoe\u0308', birth_date: '1988-12-01', gender: 'f' },
    { id: '30', name: 'Ana', display_name: 'Ana de Armas', birth_date: '1988-04-30', gender: 'f' },
  ],
  computer: [
    { id: '1', serial: 'SN_100%', owner: '1' },
    { id: '2', serial: 'SN1002', owner: '1' },
    { id: '3', serial: 'sn1003', owner: '2' },
    { id: '4', serial: 'SNX100', owner: '4' },
    { id: '5', serial: 'A\\B-500', owner: '5' },
    { id: '6', serial: 'ZOË-6', owner: '5' },
    { id: '7', serial: 'ÆRØ-7', owner: '6' },
    { id: '8', serial: 'İST-8', owner: '7' },
    { id: '9', serial: 'STRASSE-9', owner: '8' },
    { id: '10', serial: '😀-10', owner: '9' },
    { id: '11', serial: 'SN_11', owner: '11' },
    { id: '12', serial: 'SN%12', owner: '12' },
    { id: '13', serial: 'MAC-13', owner: '13' },
    { id: '14', serial: 'mac-14', owner: '13' },
    { id: '15', serial: 'PC-15', owner: '15' },
    { id: '16', serial: 'PC-16', owner: '16' },
    { id: '17', serial: 'PC-17', owner: '18' },
    { id: '18', serial: 'PC-18', owner: '20' },
    { id: '19', serial: 'PC-19', owner: '21' },
    { id: '20', serial: 'PC-20', owner: '23' },
    { id: '21', serial: 'SN-21', owner: '25' },
    { id: '22', serial: 'SN-22', owner: '26' },
    { id: '23', serial: 'SN-23', owner: '28' },
    { id: '24', serial: 'SN-24', owner: '30' },
    { id: '25', serial: 'SN-25', owner: '1' },
    { id: '26', serial: 'ORPHAN-26', owner: null },
    { id: '27', serial: 'orphan_27', owner: null },
    { id: '28', serial: 'ORPHAN%28' },
    { id: '29', serial: 'SN1002', owner: '29' },
    { id: '30', serial: 'LAB\\30', owner: '17' },
    { id: '31', serial: 'Spare', owner: null },
    { id: '32', serial: 'SN_100%', owner: '4' },
  ],
} as const;
