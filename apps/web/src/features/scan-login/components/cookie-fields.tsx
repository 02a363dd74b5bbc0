import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { SecretField } from './login-form-fields'
import styles from './scan-login.module.css'
import { blankCookie, type CookieDraft } from './scan-login-state'

interface CookieFieldsProps {
  cookies: CookieDraft[]
  host: string
  errors: Record<string, string>
  onChange: (cookies: CookieDraft[]) => void
}

/** The cookie set every page and Lighthouse run carries: name, value (a secret), domain and path each. */
export function CookieFields({ cookies, host, errors, onChange }: CookieFieldsProps) {
  const update = (id: number, change: Partial<CookieDraft>) =>
    onChange(cookies.map((cookie) => (cookie.id === id ? { ...cookie, ...change } : cookie)))
  return (
    <div className={styles.fields}>
      {cookies.map((cookie, index) => (
        <fieldset key={cookie.id} className={styles.cookie}>
          <legend>Cookie {index + 1}</legend>
          {(['name', 'domain', 'path'] as const).map((name) => (
            <TextField
              key={name}
              label={{ name: 'Name', domain: 'Domain', path: 'Path' }[name]}
              value={cookie[name]}
              onChange={(value) => update(cookie.id, { [name]: value })}
              isRequired={name !== 'path'}
              validationBehavior="aria"
              validate={() => errors[`cookies.${index}.${name}`]}
            />
          ))}
          <SecretField
            label="Value"
            value={cookie.value}
            description={cookie.valueSet ? 'Set. Leave blank to keep the stored value.' : 'Not set.'}
            error={errors[`cookies.${index}.value`]}
            onChange={(value) => update(cookie.id, { value })}
          />
          {cookies.length > 1 ? (
            <div>
              <Button
                variant="secondary"
                size="small"
                onPress={() => onChange(cookies.filter((other) => other.id !== cookie.id))}
              >
                Remove cookie {index + 1}
              </Button>
            </div>
          ) : null}
        </fieldset>
      ))}
      <div>
        <Button variant="secondary" onPress={() => onChange([...cookies, blankCookie(host)])}>
          Add a cookie
        </Button>
      </div>
    </div>
  )
}
