import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app'
import { authQueryKeys } from '@/features/auth/api/query-keys'
import { storeUser } from '@/features/auth/api/stored-user'
import { createQueryClient } from '@/lib/query-client'
import '@/styles/global.css'

// A 401 from any call means the session has ended: forget the user and show the signed-out routes.
const queryClient = createQueryClient((client) => {
  storeUser(null)
  client.setQueryData(authQueryKeys.check(), { authenticated: false })
})

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
)
