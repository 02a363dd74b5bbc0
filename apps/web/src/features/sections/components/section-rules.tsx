import {
  SECTION_MESSAGES,
  type SectionCondition,
  SectionMatchTypeSchema,
  SectionOperatorSchema,
  SectionSourceSchema,
} from '@canopy/contracts'
import { Button } from '@/components/ui/button'
import { FilterSelect } from '@/components/ui/list'
import { TextField } from '@/components/ui/text-field'
import styles from './sections-settings.module.css'

export type RuleDraft = Required<Omit<SectionCondition, 'name'>> & { name: string }

export const NEW_RULE: RuleDraft = {
  matchType: 'Includes',
  source: 'Path',
  operator: 'Starts with',
  name: '',
  value: '',
}

const optionsOf = (values: readonly string[]) => values.map((value) => ({ id: value, label: value }))

/** The message of a rule's field that is not valid yet ('A value is required.', 'A name is required.'). */
export function ruleErrors(rule: RuleDraft): { value?: string; name?: string } {
  return {
    value: rule.value.trim() ? undefined : SECTION_MESSAGES.valueRequired,
    name: rule.source === 'Metatag' && !rule.name.trim() ? SECTION_MESSAGES.nameRequired : undefined,
  }
}

type RuleRowProps = {
  rule: RuleDraft
  index: number
  showErrors: boolean
  onChange: (rule: RuleDraft) => void
  onRemove: () => void
}

/** One rule: Type (Includes/Excludes), Source, Condition (operator), Name (Metatag only), Value. */
export function RuleRow({ rule, index, showErrors, onChange, onRemove }: RuleRowProps) {
  const errors = showErrors ? ruleErrors(rule) : {}
  const set = (changes: Partial<RuleDraft>) => onChange({ ...rule, ...changes })
  return (
    <li className={styles.rule} aria-label={`Rule ${index + 1}`}>
      <FilterSelect
        label="Type"
        value={rule.matchType}
        options={optionsOf(SectionMatchTypeSchema.options)}
        onChange={(value) => set({ matchType: value as RuleDraft['matchType'] })}
      />
      <FilterSelect
        label="Source"
        value={rule.source}
        options={optionsOf(SectionSourceSchema.options)}
        onChange={(value) => set({ source: value as RuleDraft['source'] })}
      />
      <FilterSelect
        label="Condition"
        value={rule.operator}
        options={optionsOf(SectionOperatorSchema.options)}
        onChange={(value) => set({ operator: value as RuleDraft['operator'] })}
      />
      {rule.source === 'Metatag' ? (
        <TextField
          label="Name"
          value={rule.name}
          onChange={(name) => set({ name })}
          isRequired
          validationBehavior="aria"
          validate={() => errors.name}
        />
      ) : null}
      <TextField
        label="Value"
        value={rule.value}
        onChange={(value) => set({ value })}
        isRequired
        validationBehavior="aria"
        validate={() => errors.value}
      />
      <Button variant="quiet" size="small" onPress={onRemove} aria-label={`Remove rule ${index + 1}`}>
        Remove
      </Button>
    </li>
  )
}
