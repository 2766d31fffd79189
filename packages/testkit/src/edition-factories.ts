import type { TEditionFileInput } from '@portal/domain';

let counter = 0;

/**
 * A small edition file (docs/editions/README.md, "The file") with a code of its own: a standards
 * set of two indicators (one with a checklist question of two items, the first a must-have, and a
 * link resource for practice managers) and an optional module of one. `overrides` replace its
 * top-level keys.
 */
export function editionFile(overrides: Partial<TEditionFileInput> = {}): TEditionFileInput {
  counter++;
  return {
    format: 'portal-edition/1',
    code: `ED-${process.pid % 10_000}-${Date.now() % 100_000}-${counter}`,
    name: `Test standards, edition ${counter}`,
    effectiveFrom: '2027-07-01',
    sets: [
      {
        code: 'C1',
        name: 'Communication and patient participation',
        type: 'STANDARDS',
        indicators: [
          {
            code: 'C1.1A',
            criterion: 'C1.1',
            name: 'Patients can contact the practice and know its hours.',
            description: 'What the practice publishes, and where.',
            evidenceLookbackMonths: 12,
            checklists: [
              {
                question: 'Does the practice publish its opening hours?',
                items: [{ text: 'On its website', mustHave: true }, { text: 'At the front door' }],
              },
            ],
            resources: [
              { name: 'Guide to opening hours', url: 'https://example.org/hours', forPracticeManager: true },
            ],
          },
          { code: 'C1.2A', name: 'Patients are told of fees before a consultation.', flagged: true },
        ],
      },
      {
        code: 'M1',
        name: 'Optional module: after-hours care',
        type: 'MODULE',
        indicators: [{ code: 'M1.1A', name: 'The practice arranges care after hours.', mandatory: false }],
      },
    ],
    ...overrides,
  };
}

/**
 * A YAML edition file with three problems: a key the format does not have (`colour`, reported at
 * line 1, the edition's), a mandatory that is not true or false (line 11) and an indicator code
 * used twice, whatever its case (line 12).
 */
export function editionYamlWithProblems(code = `BAD-${Date.now() % 100_000}-${++counter}`): string {
  return [
    'format: portal-edition/1',
    `code: ${code}`,
    'name: Standards with problems',
    'colour: teal',
    'sets:',
    '  - code: C1',
    '    name: Communication',
    '    indicators:',
    '      - code: C1.1A',
    '        name: Patients can contact the practice.',
    '        mandatory: perhaps',
    '      - code: c1.1a',
    '        name: The same code again.',
    '',
  ].join('\n');
}
