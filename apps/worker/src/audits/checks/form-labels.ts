import type { FindingElement } from '../engines/finding.js'
import { type CheckVerdict, findingsOf, quote, readPage, understandingUrl } from './content-findings.js'
import type { PageCheck } from './page-check.js'

/** A page with more fields than this is read for its first ones only (the check's time stays bounded). */
const MAX_FIELDS = 200

export interface FieldFacts {
  element: FindingElement
  /** input type, or the element's name for select and textarea, or its role */
  type: string
  /** text of its label elements, aria-labelledby targets and aria-label: what names it visibly or not */
  labelText: string
  visibleLabel: string
  placeholder: string
  title: string
  required: boolean
  /** the colour of its visible label, to compare required fields' labels with the others' */
  labelColour: string | null
  /** radio buttons and checkboxes: the group they belong to (form + name) and whether it is named */
  group: { id: string; named: boolean } | null
}

interface FormFacts {
  fields: FieldFacts[]
  /** the page says somewhere what its asterisk means */
  asteriskExplained: boolean
}

const READ_FIELDS = `
  const shown = (el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
  };
  const textOf = (el) => (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim();
  const byIds = (ids) => (ids || '').split(/\\s+/).map((id) => id && document.getElementById(id)).filter(Boolean);
  const skipped = /^(hidden|submit|reset|button|image)$/i;
  const fields = [...document.querySelectorAll('input, select, textarea, [role="textbox"], [role="combobox"], [role="searchbox"], [role="spinbutton"]')]
    .filter((el) => !(el.localName === 'input' && skipped.test(el.type)) && !el.closest('[aria-hidden="true"], [inert]') && shown(el))
    .slice(0, args.max);
  const groupOf = (el) => {
    if (!/^(radio|checkbox)$/.test(el.type) || !el.name) return null;
    const fieldset = el.closest('fieldset');
    const legend = fieldset && fieldset.querySelector(':scope > legend');
    const role = el.closest('[role="group"], [role="radiogroup"]');
    const roleName = role && ((role.getAttribute('aria-label') || '').trim() || byIds(role.getAttribute('aria-labelledby')).map(textOf).join(''));
    const form = el.form ? [...document.forms].indexOf(el.form) : -1;
    return { id: form + '/' + el.type + '/' + el.name, named: Boolean((legend && textOf(legend)) || roleName) };
  };
  const facts = fields.map((el) => {
    const labels = [...(el.labels || [])].filter(shown);
    const visibleLabel = labels.map(textOf).join(' ').trim();
    const labelledBy = byIds(el.getAttribute('aria-labelledby')).map(textOf).join(' ').trim();
    return {
      element: describe(el),
      type: el.localName === 'input' ? el.type : el.getAttribute('role') || el.localName,
      labelText: [visibleLabel, labelledBy, (el.getAttribute('aria-label') || '').trim()].join(' ').trim(),
      visibleLabel,
      placeholder: (el.getAttribute('placeholder') || '').trim(),
      title: (el.getAttribute('title') || '').trim(),
      required: el.required === true || el.getAttribute('aria-required') === 'true',
      labelColour: labels.length ? getComputedStyle(labels[0]).color : null,
      group: groupOf(el),
    };
  });
  const text = facts.some((field) => field.visibleLabel.includes('*')) ? document.body.innerText : '';
  return {
    fields: facts,
    asteriskExplained: /(\\*|asterisk)[^\\n]{0,80}(required|mandatory|must)|(required|mandatory)[^\\n]{0,80}(\\*|asterisk)/i.test(text),
  };
`

const IDENTITY = {
  id: 'canopy-form-labels',
  criteria: ['3.3.2', '1.3.1', '4.1.2', '1.4.1'],
  title: 'Form fields must have visible labels, and groups of choices a name',
  description:
    'Every field needs a label that stays visible (a placeholder disappears as soon as someone types, and a ' +
    'title shows only on mouse hover), tied to the field with `<label for>`, and a group of radio buttons or ' +
    'checkboxes needs its question in a `<fieldset>` with a `<legend>`. Required fields must say so in text.',
  helpUrl: understandingUrl('labels-or-instructions'),
}

/** A field's own label: none, only a placeholder or title, or a real one (null). */
function judgeLabel(field: FieldFacts): CheckVerdict | null {
  if (field.labelText) return null
  const stand = field.placeholder ? 'placeholder' : field.title ? 'title' : null
  if (stand) {
    const shown = stand === 'placeholder' ? 'disappears once someone types' : 'shows only on mouse hover'
    return {
      outcome: 'failed',
      criteria: ['3.3.2'],
      element: field.element,
      message: `This ${field.type} field is labelled only by its ${stand} ${quote(field[stand])}, which ${shown}. Give it a visible <label>.`,
    }
  }
  return {
    outcome: 'failed',
    criteria: ['3.3.2', '4.1.2'],
    element: field.element,
    message: `This ${field.type} field has no label at all: no <label>, aria-label or aria-labelledby.`,
  }
}

/** The first field of each group of radio buttons or checkboxes with no name for the group. */
function judgeGroups(fields: FieldFacts[]): CheckVerdict[] {
  const groups = new Map<string, FieldFacts[]>()
  for (const field of fields) {
    if (field.group) groups.set(field.group.id, [...(groups.get(field.group.id) ?? []), field])
  }
  return [...groups.values()]
    .filter((members) => members.length > 1 && members.some((member) => !member.group?.named))
    .map((members) => ({
      outcome: 'failed',
      criteria: ['1.3.1'],
      element: members[0]?.element ?? null,
      message: `These ${members.length} ${members[0]?.type === 'radio' ? 'radio buttons' : 'checkboxes'} (${members
        .map((member) => quote(member.labelText || member.element.label, 30))
        .join(', ')}) are not grouped under their question: put them in a <fieldset> with a <legend>.`,
    }))
}

const SAYS_REQUIRED = /required|mandatory|must/i

/**
 * Required fields marked by a sign only: an asterisk the page never explains, or a label colour that alone
 * sets them apart from the optional fields' labels. A person judges whether the form says it another way.
 */
function judgeRequiredMarks(fields: FieldFacts[], asteriskExplained: boolean): CheckVerdict[] {
  const optionalColours = new Set(
    fields.filter((field) => !field.required && field.labelColour).map((field) => field.labelColour),
  )
  return fields.flatMap((field): CheckVerdict[] => {
    const label = field.visibleLabel
    if (!label || SAYS_REQUIRED.test(label)) return []
    if (label.includes('*') && !asteriskExplained) {
      return [
        {
          outcome: 'review',
          criteria: ['3.3.2'],
          element: field.element,
          message: `The label ${quote(label)} marks the field with an asterisk, and the page does not say what the asterisk means. Check that required fields are explained in text.`,
        },
      ]
    }
    const colourOnly =
      field.required &&
      !label.includes('*') &&
      optionalColours.size === 1 &&
      field.labelColour !== null &&
      !optionalColours.has(field.labelColour)
    if (!colourOnly) return []
    return [
      {
        outcome: 'review',
        criteria: ['3.3.2', '1.4.1'],
        element: field.element,
        message: `This required field's label ${quote(label)} differs from the optional fields' labels only in colour. Check that "required" is said in text too.`,
      },
    ]
  })
}

export function judgeForm(facts: FormFacts): CheckVerdict[] {
  return [
    ...facts.fields.flatMap((field) => judgeLabel(field) ?? []),
    ...judgeGroups(facts.fields),
    ...judgeRequiredMarks(facts.fields, facts.asteriskExplained),
  ]
}

export const formLabelsCheck: PageCheck = {
  ...IDENTITY,
  changesPage: false,
  async run(page) {
    const facts = await readPage<FormFacts>(page, READ_FIELDS, { max: MAX_FIELDS })
    return findingsOf(IDENTITY, judgeForm(facts), facts.fields.length > 0)
  },
}
