import { type ReviewGuidance, WCAG_CRITERIA, WCAG_CRITERIA_BY_ID } from './wcag.js'

/**
 * What a person checks, and how, to decide a result an engine could not decide ("needs review"), per WCAG 2.2
 * success criterion: the check, a manual test (keyboard, screen reader, zoom, contrast checker...), the W3C's
 * sufficient techniques or documented failures for that criterion (at most three, ids as the W3C numbers
 * them) and the criterion's Understanding document. A criterion the W3C documents no numbered technique for
 * (2.2.6 Timeouts) lists none; 2.1.3 and 3.3.6 use the techniques WCAG points them to (those of 2.1.1 and
 * 3.3.4).
 */

/** Where the W3C publishes techniques: the folder each id prefix lives in. */
const TECHNIQUE_FOLDERS: Record<string, string> = {
  G: 'general',
  H: 'html',
  ARIA: 'aria',
  C: 'css',
  F: 'failures',
  SCR: 'client-side-script',
  SVR: 'server-side-script',
  PDF: 'pdf',
  SM: 'smil',
  T: 'text',
}

/** The W3C's titles of the techniques and failures the guidance cites. */
export const WCAG_TECHNIQUE_TITLES: Readonly<Record<string, string>> = {
  ARIA11: 'Using ARIA landmarks to identify regions of a page',
  ARIA14: 'Using aria-label to provide an accessible name where a visible label cannot be used',
  ARIA16: 'Using aria-labelledby to provide a name for user interface controls',
  ARIA18: 'Using aria-alertdialog to Identify Errors',
  ARIA19: 'Using ARIA role=alert or Live Regions to Identify Errors',
  ARIA21: 'Using aria-invalid to Indicate An Error Field',
  ARIA22: 'Using role=status to present status messages',
  C15: 'Using CSS to change the presentation of a user interface component when it receives focus',
  C20: 'Using relative measurements to set column widths so that lines can average 80 characters or less when the browser is resized',
  C21: 'Specifying line spacing in CSS',
  C22: 'Using CSS to control visual presentation of text',
  C23: 'Specifying text and background colors of secondary content such as banners, features and navigation in CSS while not specifying text and background colors of the main content',
  C27: 'Making the DOM order match the visual order',
  C28: 'Specifying the size of text containers using em units',
  C30: 'Using CSS to replace text with images of text and providing user interface controls to switch',
  C32: 'Using media queries and grid CSS to reflow columns',
  C35: 'Allowing for text-spacing without wrapping',
  C36: 'Allowing for text spacing override',
  C38: 'Using CSS width, max-width and flexbox to fit labels and inputs',
  C39: 'Using the CSS prefers-reduced-motion query to prevent motion',
  C40: 'Creating a two-color focus indicator to ensure sufficient contrast with all components',
  C41: 'Creating a strong focus indicator within the component',
  C42: 'Using min-height and min-width on target container to ensure sufficient target spacing',
  C43: 'Using CSS scroll-padding to un-obscure content',
  C44: 'Using CSS to ensure targets are at least 44 by 44 CSS pixels',
  F2: 'Failure of Success Criterion 1.3.1 due to using changes in text presentation to convey information without using the appropriate markup or text',
  F7: 'Failure of Success Criterion 2.2.2 due to an object or applet that has blinking content without a mechanism to pause the content that blinks for more than five seconds',
  F8: 'Failure of Success Criterion 1.2.2 due to captions omitting some dialogue or important sound effects',
  F10: 'Failure of Success Criterion 2.1.2 and Conformance Requirement 5 due to combining multiple content formats in a way that traps users inside one format type',
  F12: "Failure of Success Criterion 2.2.5 due to having a session time limit without a mechanism for saving user's input and re-establishing that information upon re-authentication",
  F14: 'Failure of Success Criterion 1.3.3 due to identifying content only by its shape or location',
  F16: 'Failure of Success Criterion 2.2.2 due to including scrolling content where movement is not essential to the activity without also including a mechanism to pause and restart the content',
  F23: 'Failure of 1.4.2 due to playing a sound longer than 3 seconds where there is no mechanism to turn it off',
  F25: 'Failure of Success Criterion 2.4.2 due to the title of a web page not identifying the contents',
  F31: 'Failure of Success Criterion 3.2.4 due to using two different labels for the same function on different web pages within a set of web pages',
  F36: 'Failure of Success Criterion 3.2.2 due to automatically submitting a form and presenting new content without prior warning when the last field in the form is given a value',
  F37: 'Failure of Success Criterion 3.2.2 due to launching a new window without prior warning when the selection of a radio button, check box or select list is changed',
  F40: 'Failure due to using meta redirect with a time limit',
  F41: 'Failure of Success Criterion 2.2.1, 2.2.4, and 3.2.5 due to using meta refresh to reload the page',
  F44: 'Failure of Success Criterion 2.4.3 due to using tabindex to create a tab order that does not preserve meaning and operability',
  F49: 'Failure of Success Criterion 1.3.2 due to using an HTML layout table that does not make sense when linearized',
  F54: 'Failure of Success Criterion 2.1.1 due to using only pointing-device-specific event handlers (including gesture) for a function',
  F55: 'Failure of Success Criteria 2.1.1, 2.4.7, 2.4.13, and 3.2.1 due to using script to remove focus when focus is received',
  F65: 'Failure of Success Criterion 1.1.1 due to omitting the alt attribute or text alternative on img elements, area elements, and input elements of type "image"',
  F66: 'Failure of Success Criterion 3.2.3 due to presenting navigation links in a different relative order on different pages',
  F68: 'Failure of Success Criterion 4.1.2 due to a user interface control not having a programmatically determined name',
  F69: 'Failure of Success Criterion 1.4.4 when resizing visually rendered text up to 200 percent causes the text, image or controls to be clipped, truncated or obscured',
  F73: 'Failure of Success Criterion 1.4.1 due to creating links that are not visually evident without color vision',
  F77: 'Failure of Success Criterion 4.1.1 due to duplicate values of type ID',
  F78: 'Failure of Success Criterion 1.4.11, 2.4.7 and 2.4.13 due to styling element outlines and borders in a way that removes or renders non-visible the visual focus indicator',
  F82: 'Failure of Success Criterion 3.3.2 by visually formatting a set of phone number fields but not including a text label',
  F83: 'Failure of Success Criterion 1.4.3 and 1.4.6 due to using background images that do not provide sufficient contrast with foreground text (or images of text)',
  F84: 'Failure of Success Criterion 2.4.9 due to using a non-specific link such as "click here" or "more" without a mechanism to change the link text to specific text.',
  F88: 'Failure of Success Criterion 1.4.8 due to using text that is justified (aligned to both the left and the right margins)',
  F89: 'Failure of Success Criteria 2.4.4, 2.4.9 and 4.1.2 due to not providing an accessible name for an image which is the only content in a link',
  F95: 'Failure of Success Criterion 1.4.13 due to content shown on hover not being hoverable',
  F96: 'Failure of Success Criterion 2.5.3 due to the accessible name not containing the visible label text',
  F97: 'Failure due to locking the orientation to landscape or portrait view',
  F98: 'Failure of Success Criterion 2.5.6 due to interactions being limited to touch-only on touchscreen devices',
  F99: 'Failure of Success Criterion 2.1.4 due to implementing character key shortcuts that cannot be turned off or remapped',
  F100: 'Failure of Success Criterion 1.3.4 due to showing a message asking to reorient device',
  F101: 'Failure of Success Criterion 2.5.2 due to activating a control on the down-event',
  F102: 'Failure of Success Criterion 1.4.10 due to content disappearing and not being available when content has reflowed',
  F104: 'Failure of Success Criterion 1.4.12 due to clipped or overlapped content when text spacing is adjusted',
  F105: 'Failure of Success Criterion 2.5.1 due to providing functionality via a path-based gesture without simple pointer alternative',
  F106: 'Failure due to inability to deactivate motion actuation',
  F107: 'Failure of Success Criterion 1.3.5 due to incorrect autocomplete attribute values',
  F108: 'Failure of Success Criterion 2.5.7 Dragging Movements due to not providing a single pointer method that does not require a dragging movement',
  F109: 'Failure of Success Criterion 3.3.8 and 3.3.9 due to preventing password or code re-entry in the same format',
  F110: 'Failure of Success Criterion 2.4.11 Focus Not Obscured (Minimum) due to a sticky footer or header completely hiding focused elements',
  G1: 'Adding a link at the top of each page that goes directly to the main content area',
  G4: 'Allowing the content to be paused and restarted from where it was paused',
  G5: 'Allowing users to complete an activity without any time limit',
  G8: 'Providing a movie with extended audio descriptions',
  G9: 'Creating captions for live synchronized media',
  G14: 'Ensuring that information conveyed by color differences is also available in text',
  G15: 'Using a tool to ensure that content does not violate the general flash threshold or red flash threshold',
  G17: 'Ensuring that a contrast ratio of at least 7:1 exists between text (and images of text) and background behind the text',
  G18: 'Ensuring that a contrast ratio of at least 4.5:1 exists between text (and images of text) and background behind the text',
  G19: 'Ensuring that no component of the content flashes more than three times in any 1-second period',
  G21: 'Ensuring that users are not trapped in content',
  G54: 'Including a sign language interpreter in the video stream',
  G55: 'Linking to definitions',
  G56: 'Mixing audio files so that non-speech sounds are at least 20 decibels lower than the speech audio content',
  G57: 'Ordering the content in a meaningful sequence',
  G58: 'Placing a link to the alternative for time-based media immediately next to the non-text content',
  G59: 'Placing the interactive elements in an order that follows sequences and relationships within the content',
  G60: 'Playing a sound that turns off automatically within three seconds',
  G61: 'Presenting repeated components in the same relative order each time they appear',
  G63: 'Providing a site map',
  G65: 'Providing a breadcrumb trail',
  G69: 'Providing an alternative for time based media',
  G71: 'Providing a help link on every web page',
  G75: 'Providing a mechanism to postpone any updating of content',
  G76: 'Providing a mechanism to request an update of the content instead of updating automatically',
  G78: 'Providing a second, user-selectable, audio track that includes audio descriptions',
  G79: 'Providing a spoken version of the text',
  G80: 'Providing a submit button to initiate a change of context',
  G81: 'Providing a synchronized video of the sign language interpreter that can be displayed in a different viewport or overlaid on the image by the player',
  G83: 'Providing text descriptions to identify required fields that were not completed',
  G85: 'Providing a text description when user input falls outside the required format or values',
  G86: 'Providing a text summary that can be understood by people with lower secondary education level reading ability',
  G87: 'Providing closed captions',
  G88: 'Providing descriptive titles for web pages',
  G89: 'Providing expected data format and example',
  G91: 'Providing link text that describes the purpose of a link',
  G93: 'Providing open (always visible) captions',
  G94: 'Providing short text alternative for non-text content that serves the same purpose and presents the same information as the non-text content',
  G96: 'Providing textual identification of items that otherwise rely only on sensory information to be understood',
  G97: 'Providing the first use of an abbreviation immediately before or after the expanded form',
  G98: 'Providing the ability for the user to review and correct answers before submitting',
  G99: 'Providing the ability to recover deleted information',
  G102: 'Providing the expansion or explanation of an abbreviation',
  G103: 'Providing visual illustrations, pictures, and symbols to help explain ideas, events, and processes',
  G105: 'Saving data so that it can be used after a user re-authenticates',
  G107: 'Using "activate" rather than "focus" as a trigger for changes of context',
  G112: 'Using inline definitions',
  G120: 'Providing the pronunciation immediately following the word',
  G121: 'Linking to pronunciations',
  G125: 'Providing links to navigate to related web pages',
  G128: 'Indicating current location within navigation bars',
  G130: 'Providing descriptive headings',
  G131: 'Providing descriptive labels',
  G133: 'Providing a checkbox on the first page of a multipart form that allows users to ask for longer session time limit or no session time limit',
  G140: 'Separating information and structure from presentation to enable different presentations',
  G141: 'Organizing a page using headings',
  G142: 'Using a technology that has commonly-available user agents that support zoom',
  G145: 'Ensuring that a contrast ratio of at least 3:1 exists between text (and images of text) and background behind the text',
  G149: 'Using user interface components that are highlighted by the user agent when they receive focus',
  G150: 'Providing text based alternatives for live audio-only content',
  G151: 'Providing a link to a text transcript of a prepared statement or script if the script is followed',
  G155: 'Providing a checkbox in addition to a submit button',
  G157: 'Incorporating a live audio captioning service into a web page',
  G158: 'Providing an alternative for time-based media for audio-only content',
  G159: 'Providing an alternative for time-based media for video-only content',
  G161: 'Providing a search function to help users find content',
  G170: 'Providing a control near the beginning of the web page that turns off sounds that play automatically',
  G173: 'Providing a version of a movie with audio descriptions',
  G176: 'Keeping the flashing area small enough',
  G177: 'Providing suggested correction text',
  G181: 'Encoding user data as hidden or encrypted data in a re-authorization page',
  G182: 'Ensuring that additional visual cues are available when text color differences are used to convey information',
  G184: 'Providing text instructions at the beginning of a form or set of fields that describes the necessary input',
  G195: 'Using an author-supplied, visible focus indicator',
  G197: 'Using labels, names, and text alternatives consistently for content that has the same functionality',
  G198: 'Providing a way for the user to turn the time limit off',
  G199: 'Providing success feedback when data is submitted successfully',
  G202: 'Ensuring keyboard control for all functionality',
  G207: 'Ensuring that a contrast ratio of 3:1 is provided for icons',
  G208: 'Including the text of the visible text as part of the accessible name',
  G209: 'Provide sufficient contrast at the boundaries between adjoining colors',
  G210: 'Ensuring that drag-and-drop actions can be cancelled',
  G211: 'Matching the accessible name to the visible label',
  G212: 'Using native controls to ensure functionality is triggered on the up-event.',
  G213: 'Provide conventional controls and an application setting for motion activated input',
  G214: 'Using a control to allow access to content in different orientations which is otherwise restricted',
  G215: 'Providing controls to achieve the same result as path based or multipoint gestures',
  G216: 'Providing single point activation for a control slider',
  G217: 'Providing a mechanism to allow users to remap or turn off character key shortcuts',
  G218: 'Email link authentication',
  G219: 'Ensuring an alternative to dragging movements',
  G220: 'Provide a contact-us link in a consistent location',
  G221: 'Provide data from a previous step in a process',
  H25: 'Providing a title using the title element',
  H30: 'Providing link text that describes the purpose of a link for anchor elements',
  H32: 'Providing submit buttons',
  H37: 'Using alt attributes on img elements',
  H40: 'Using description lists',
  H42: 'Using h1-h6 to identify headings',
  H44: 'Using label elements to associate text labels with form controls',
  H51: 'Using table markup to present tabular information',
  H57: 'Using the language attribute on the HTML element',
  H58: 'Using language attributes to identify changes in the human language',
  H62: 'Using the ruby element',
  H69: 'Providing heading elements at the beginning of each section of content',
  H83: 'Using the target attribute to open a new window on user request and indicating this in link text',
  H88: 'Using HTML according to spec',
  H94: 'Ensuring that elements do not contain duplicate attributes',
  H98: 'Using HTML autocomplete attributes',
  H100: 'Providing properly marked up email and password inputs',
  SCR18: 'Providing client-side validation and alert',
  SCR20: 'Using both keyboard and other device-specific functions',
  SCR39: 'Making content on focus or hover hoverable, dismissible, and persistent',
  SCR40: 'Using the CSS prefers-reduced-motion query in JavaScript to prevent motion',
}

export function techniqueUrl(id: string): string {
  const prefix = /^[A-Z]+/.exec(id)?.[0] ?? ''
  return `https://www.w3.org/WAI/WCAG22/Techniques/${TECHNIQUE_FOLDERS[prefix] ?? 'general'}/${id}`
}

/** The Understanding document's file name: the title in lower case, brackets and commas dropped ('contrast-minimum'). */
export function understandingSlug(title: string): string {
  return title.toLowerCase().replace(/[(),]/g, '').trim().replace(/\s+/g, '-')
}

export function understandingUrl(criterionId: string): string | null {
  const criterion = WCAG_CRITERIA_BY_ID.get(criterionId)
  if (!criterion) return null
  return `https://www.w3.org/WAI/WCAG22/Understanding/${understandingSlug(criterion.title)}.html`
}

interface Entry {
  check: string
  how: string
  techniques: readonly string[]
}

const e = (check: string, how: string, techniques: readonly string[]): Entry => ({ check, how, techniques })

const GUIDANCE: Record<string, Entry> = {
  '1.1.1': e(
    'Every image, icon, chart and image button has a text alternative that serves the same purpose; decorative images are hidden from assistive technology (alt="").',
    "With a screen reader (or the browser's accessibility tree), move through the images: each informative one is announced with an alternative that says what it shows or does, each decorative one is skipped.",
    ['G94', 'H37', 'F65'],
  ),
  '1.2.1': e(
    'Prerecorded audio-only content has a transcript, and prerecorded video-only content has a transcript or an audio track describing it.',
    'Play the media and compare it with the alternative next to it: everything said or shown is in the transcript or described, in the same order.',
    ['G158', 'G159'],
  ),
  '1.2.2': e(
    'Prerecorded video with sound has captions covering speech and meaningful sounds.',
    'Turn the captions on and watch with the sound off: every word spoken, who speaks, and sounds that matter (a doorbell, laughter) are captioned and in sync.',
    ['G87', 'G93', 'F8'],
  ),
  '1.2.3': e(
    'Prerecorded video has audio description or a full text alternative of what is seen and heard.',
    'Watch with your eyes closed: actions, scene changes and on-screen text that matter are described in the sound track, or a text alternative tells the whole story.',
    ['G69', 'G78', 'G173'],
  ),
  '1.2.4': e(
    'Live video with sound (streams, webinars) has real-time captions.',
    'During a live broadcast, turn the captions on and check that speech is captioned as it happens, not afterwards.',
    ['G9', 'G93'],
  ),
  '1.2.5': e(
    'Prerecorded video has audio description of the visual information the sound track does not give.',
    'Listen without watching: whatever you need to see to follow (actions, text on screen, speakers changing) is described in the audio or in a described version offered next to it.',
    ['G78', 'G173', 'G8'],
  ),
  '1.2.6': e(
    'Prerecorded video with sound has sign language interpretation.',
    'Play the video and check that a sign language interpreter is shown throughout, large enough to read.',
    ['G54', 'G81'],
  ),
  '1.2.7': e(
    'When pauses in the sound track are too short for audio description, an extended audio description pauses the video to describe it.',
    'Play the described version: where the description needs more time than the gaps allow, the video pauses while it is spoken.',
    ['G8'],
  ),
  '1.2.8': e(
    'Prerecorded video has a full text alternative (a descriptive transcript of what is seen and heard).',
    'Read the text alternative without the video: it gives the dialogue and the visual information in order, and any interaction the media offers.',
    ['G69', 'G58', 'G159'],
  ),
  '1.2.9': e(
    'Live audio-only content (a radio stream, an audio conference) has a live text alternative.',
    'During the live audio, check that a real-time text alternative (live captioning or a published script when it is followed) is available.',
    ['G150', 'G151', 'G157'],
  ),
  '1.3.1': e(
    'Structure shown visually (headings, lists, tables, form labels, groups of fields, emphasis) is also in the markup, so assistive technology conveys it.',
    'With a screen reader, list the headings, landmarks and form fields: each visual heading is a heading of the right level, lists are lists, data tables have header cells, and every field announces its label and group.',
    ['H42', 'H44', 'H51', 'F2'],
  ),
  '1.3.2': e(
    'The order in which content is read (the DOM order) keeps its meaning.',
    'Read the page with a screen reader, or with styles turned off, and compare with the visual order: nothing is read out of sequence in a way that changes its meaning (columns, prices next to products, steps of a process).',
    ['G57', 'C27', 'F49'],
  ),
  '1.3.3': e(
    'Instructions do not rely only on shape, colour, size, visual location, orientation or sound ("click the round button", "see the box on the right").',
    'Read every instruction on the page and check each names the thing it refers to by its text label too.',
    ['G96', 'F14'],
  ),
  '1.3.4': e(
    'The page works in both portrait and landscape orientation, unless one orientation is essential.',
    "On a phone or tablet (or with the browser's device emulation), rotate the screen: the content follows and nothing asks you to rotate back.",
    ['G214', 'F97', 'F100'],
  ),
  '1.3.5': e(
    'Fields asking for information about the user (name, e-mail, address, phone) identify their purpose with the right autocomplete value.',
    'Inspect each personal-data field: its autocomplete attribute names the matching purpose (given-name, email, street-address...), and the browser offers to fill it.',
    ['H98', 'F107'],
  ),
  '1.3.6': e(
    'The purpose of regions, icons and controls can be determined by software (landmarks, standard names), so it can be personalised.',
    'With a screen reader or a landmarks extension, list the regions: header, navigation, main content, search and footer are marked as such, and icons carry a programmatic purpose.',
    ['ARIA11'],
  ),
  '1.4.1': e(
    'Colour is not the only means of conveying information: links, required fields, errors and chart series are also shown by text, shape or underline.',
    "View the page in grey scale (a browser extension or the operating system's colour filter): everything that was told by colour can still be told apart.",
    ['G14', 'G182', 'F73'],
  ),
  '1.4.2': e(
    'Audio that plays by itself for more than 3 seconds can be paused or stopped, or its volume controlled apart from the system volume.',
    'Load the page with sound on: any sound playing automatically stops within 3 seconds, or a control near the start of the page turns it off.',
    ['G60', 'G170', 'F23'],
  ),
  '1.4.3': e(
    'Text (and images of text) has a contrast ratio of at least 4.5:1 with its background, 3:1 for large text (18 pt, or 14 pt bold).',
    'Measure the text colour against the background actually behind it with a contrast checker (colour picker on a screenshot for text over images or gradients), in every state: hover, focus, disabled text is exempt.',
    ['G18', 'G145', 'F83'],
  ),
  '1.4.4': e(
    'Text can be resized up to 200 % without losing content or functionality.',
    'Zoom the browser to 200 % (or set a larger text size): no text is cut off, overlapping or hidden, and every control still works.',
    ['G142', 'C28', 'F69'],
  ),
  '1.4.5': e(
    'Text is real text, not an image of text, unless it can be customised or is essential (a logo).',
    'Look for words shown as pictures (banners, buttons, headings): select the text or zoom in; an image of text pixelates and cannot be selected.',
    ['C22', 'C30', 'G140'],
  ),
  '1.4.6': e(
    'Text has a contrast ratio of at least 7:1 with its background, 4.5:1 for large text.',
    'Measure the text against the background behind it with a contrast checker, as for 1.4.3, against the enhanced ratios.',
    ['G17', 'G18', 'F83'],
  ),
  '1.4.7': e(
    'Prerecorded speech has no background sound, or the background can be turned off, or it is at least 20 dB quieter than the speech.',
    'Listen to the recording: background music or noise does not make the speech hard to follow.',
    ['G56'],
  ),
  '1.4.8': e(
    "Blocks of text can be presented with the user's colours, lines of at most 80 characters, no justified text, line spacing of 1.5 and resizing to 200 % without horizontal scrolling.",
    'Set your own text and background colours, widen the window and zoom to 200 %: paragraphs stay readable, left aligned, within 80 characters a line, without scrolling sideways.',
    ['C23', 'C21', 'C20', 'F88'],
  ),
  '1.4.9': e(
    'Images of text are used only for decoration or where the presentation is essential (a logo).',
    'Look for any image containing words: each one is a logo or purely decorative.',
    ['C22', 'C30', 'G140'],
  ),
  '1.4.10': e(
    'Content reflows at a width of 320 CSS pixels (400 % zoom on a 1280 px window) without scrolling in two directions, except for maps, tables and the like.',
    'Set the window to 1280 px wide and zoom to 400 % (or emulate a 320 px viewport): the page reads top to bottom without scrolling sideways and no content or function is lost.',
    ['C32', 'C38', 'F102'],
  ),
  '1.4.11': e(
    'User interface components (field borders, buttons, focus indicators, checkbox states) and meaningful graphics have a contrast ratio of at least 3:1 with adjacent colours.',
    'Measure the boundary of each control and each state indicator, and the parts of icons and charts needed to understand them, against what is next to them with a contrast checker.',
    ['G195', 'G207', 'G209', 'F78'],
  ),
  '1.4.12': e(
    'No content or function is lost when the user sets line height 1.5, paragraph spacing 2, letter spacing 0.12 and word spacing 0.16 times the font size.',
    'Apply a text-spacing bookmarklet or user style with those values: no text is clipped, overlaps or is cut off, and every control still works.',
    ['C36', 'C35', 'F104'],
  ),
  '1.4.13': e(
    'Content shown on hover or focus (tooltips, menus, popovers) can be dismissed without moving the pointer or focus (Esc), can itself be hovered, and stays until dismissed or no longer relevant.',
    'Hover and focus each element that reveals content: press Esc to close it, move the pointer onto the revealed content without it vanishing, and wait to see it does not disappear by itself.',
    ['SCR39', 'F95'],
  ),
  '2.1.1': e(
    'All functionality can be operated with the keyboard alone, without timing for individual keystrokes.',
    'Put the mouse away and use Tab, Shift+Tab, Enter, Space, arrows and Esc: reach and operate every link, button, menu, form, slider, player and custom widget.',
    ['G202', 'SCR20', 'F54'],
  ),
  '2.1.2': e(
    'Keyboard focus can always be moved away from any component with the keyboard (no keyboard trap); non-standard ways out are explained.',
    'Tab through the whole page, into and out of embedded players, editors, dialogs and iframes: focus never gets stuck.',
    ['G21', 'F10'],
  ),
  '2.1.3': e(
    'All functionality can be operated with the keyboard, with no exception.',
    'As for 2.1.1, with no exception for path-dependent input: every function (drawing, drag and drop, maps) has a keyboard way to do it.',
    ['G202'],
  ),
  '2.1.4': e(
    'Single-character keyboard shortcuts (a letter, number or punctuation key alone) can be turned off or remapped, or work only while their component has focus.',
    'With focus outside any field, press letter and number keys: if something happens, find the setting that turns the shortcuts off or remaps them to use a modifier key.',
    ['G217', 'F99'],
  ),
  '2.2.1': e(
    'Every time limit (session timeout, timed redirect, auto-advancing content) can be turned off, adjusted or extended, unless it is real-time or essential.',
    'Wait on the page and in forms: before any time limit ends you are warned and can extend it with a simple action (at least 10 times), and no page refreshes or redirects on a timer.',
    ['G133', 'G198', 'F40', 'F41'],
  ),
  '2.2.2': e(
    'Moving, blinking, scrolling or auto-updating content that starts by itself and lasts more than 5 seconds can be paused, stopped or hidden.',
    'Look for carousels, animations, tickers and live feeds: each has a pause or stop control reachable by keyboard, or stops within 5 seconds.',
    ['G4', 'F16', 'F7'],
  ),
  '2.2.3': e(
    'Timing is not an essential part of the activity: there are no time limits, except for real-time events and non-interactive media.',
    "Go through the page's tasks slowly: none of them times out or changes on a timer.",
    ['G5'],
  ),
  '2.2.4': e(
    'Interruptions (updates, alerts, pop-ups) can be postponed or suppressed by the user, except emergencies.',
    'Stay on the page for a while: content does not update or pop up by itself, or a setting lets you postpone or turn the updates off.',
    ['G75', 'G76', 'F40'],
  ),
  '2.2.5': e(
    'When a session expires, the user can re-authenticate and carry on without losing data.',
    'Start a task (fill in a form), let the session expire, sign in again: you return where you were with your data kept.',
    ['G105', 'G181', 'F12'],
  ),
  '2.2.6': e(
    'Users are warned how long inactivity may last before data is lost, unless the data is kept for more than 20 hours.',
    'Start a process that keeps data (a form, a basket): its start states the inactivity timeout, or the data is still there when you come back 20 hours later.',
    [],
  ),
  '2.3.1': e(
    'Nothing flashes more than three times in any one second, or the flashes stay below the general and red flash thresholds.',
    'Play every animation and video and watch for flashing; when something flashes, measure it with a flash analysis tool (such as PEAT) rather than by eye.',
    ['G19', 'G176', 'G15'],
  ),
  '2.3.2': e(
    'Nothing flashes more than three times in any one second, whatever its size.',
    'Play every animation and video: no content flashes more than three times a second.',
    ['G19'],
  ),
  '2.3.3': e(
    'Motion triggered by interaction (parallax, zooming transitions) can be disabled, unless essential.',
    'Turn on the operating system\'s "reduce motion" setting and reload: scrolling and interacting no longer trigger animations that are not essential.',
    ['C39', 'SCR40'],
  ),
  '2.4.1': e(
    'A mechanism lets keyboard and screen reader users skip blocks repeated on every page (a skip link, landmarks, headings).',
    'Press Tab once after loading: a "skip to content" link appears and moves focus to the main content; with a screen reader, landmarks or headings let you jump past the navigation.',
    ['G1', 'ARIA11', 'H69'],
  ),
  '2.4.2': e(
    'The page has a title that describes its topic or purpose.',
    "Read the browser tab's title: it names this page (and the site), differs from the site's other pages, and matches the main heading.",
    ['H25', 'G88', 'F25'],
  ),
  '2.4.3': e(
    'Focus moves through the page in an order that keeps its meaning and operability.',
    'Tab through the page from the top: focus follows the visual and logical order, opens dialogs in them and returns where it was when they close, and never jumps unexpectedly (positive tabindex).',
    ['G59', 'C27', 'F44'],
  ),
  '2.4.4': e(
    'The purpose of each link can be told from its text, or its text with its context (sentence, list item, table cell, heading).',
    'List the links with a screen reader: each says where it goes or what it does ("Read more" alone needs its context), and links to different places are not named alike.',
    ['G91', 'H30', 'F89'],
  ),
  '2.4.5': e(
    'There is more than one way to find a page within the site (navigation, search, site map, related links).',
    'From this page, find two different ways to reach it: a menu and a search, a site map, an index or links from related pages.',
    ['G125', 'G63', 'G161'],
  ),
  '2.4.6': e(
    'Headings and labels describe the topic or purpose of what they introduce.',
    "Read the headings and form labels on their own (a screen reader's headings and form-fields lists): each tells what its section or field is about.",
    ['G130', 'G131'],
  ),
  '2.4.7': e(
    'Every element that receives keyboard focus shows a visible focus indicator.',
    'Tab through every link, button and field: you can always see where the focus is, on light and dark backgrounds alike.',
    ['G149', 'C15', 'F78'],
  ),
  '2.4.8': e(
    'Users can tell where they are within the site (breadcrumbs, the current item marked in the navigation, a site map).',
    'Look at the page: a breadcrumb trail or the highlighted current menu item (announced as current by a screen reader) shows where it sits in the site.',
    ['G65', 'G63', 'G128'],
  ),
  '2.4.9': e(
    'The purpose of each link can be told from its text alone.',
    'List the links with a screen reader, out of context: each link text on its own says where it goes.',
    ['G91', 'H30', 'F84'],
  ),
  '2.4.10': e(
    'Sections of content are organised with headings.',
    'Look over long content: each section begins with a heading, marked up as a heading of the right level.',
    ['G141', 'H69'],
  ),
  '2.4.11': e(
    'An element receiving keyboard focus is not entirely hidden by content the author added (sticky headers and footers, cookie banners, chat widgets).',
    'Tab through the whole page, including after scrolling: each focused element stays at least partly visible, never fully under a sticky bar or overlay.',
    ['C43', 'F110'],
  ),
  '2.4.12': e(
    'No part of an element receiving keyboard focus is hidden by content the author added.',
    'Tab through the whole page: each focused element is fully visible, never partly covered by sticky bars or overlays.',
    ['C43'],
  ),
  '2.4.13': e(
    'The focus indicator is at least as large as a 2 CSS pixel thick outline of the element and has a contrast ratio of at least 3:1 between focused and unfocused states.',
    'Tab to each control and compare the focused with the unfocused state: the indicator encloses the element (or is as large) and changes colour with at least 3:1 contrast.',
    ['G195', 'C40', 'C41'],
  ),
  '2.5.1': e(
    'Functions using multipoint or path-based gestures (pinch, swipe, drawing a path) can also be done with a single pointer without a path (taps, clicks).',
    'On a touch screen, find every swipe, pinch or multi-finger action (carousels, maps, sliders): each has buttons or another single tap way to do the same.',
    ['G215', 'G216', 'F105'],
  ),
  '2.5.2': e(
    'Actions triggered by a single pointer complete on the up-event (release) or can be aborted or undone.',
    'Press a button or link with the mouse, keep it held, move the pointer away and release: nothing is triggered.',
    ['G210', 'G212', 'F101'],
  ),
  '2.5.3': e(
    'For controls with a visible text label, the accessible name contains that visible text (best when it starts with it).',
    "Compare each control's visible label with the name a screen reader announces (or the accessibility tree): the announced name includes the visible words, so voice control users can say them.",
    ['G208', 'G211', 'F96'],
  ),
  '2.5.4': e(
    'Functions operated by moving the device (shaking, tilting) can also be operated by user interface controls, and the motion response can be turned off.',
    'On a phone, look for shake or tilt actions: each has an on-screen control too, and a setting turns the motion response off.',
    ['G213', 'F106'],
  ),
  '2.5.5': e(
    'Pointer targets are at least 44 by 44 CSS pixels, except inline links, equivalent targets and essential sizes.',
    "Measure the clickable area of buttons, links and icons with the browser's inspector: each is at least 44 by 44 CSS pixels.",
    ['C44'],
  ),
  '2.5.6': e(
    'Content does not restrict the input mechanisms available: a touch device with a keyboard or mouse attached can use them.',
    'On a touch screen device, connect a keyboard or mouse (or use a laptop with a touch screen) and check the page accepts both.',
    ['F98'],
  ),
  '2.5.7': e(
    'Functions that use dragging (sliders, sortable lists, maps) can also be operated with a single pointer without dragging.',
    'For each drag interaction, find a way to do the same by clicking or tapping (buttons, a click on the track, a menu to move an item).',
    ['G219', 'F108'],
  ),
  '2.5.8': e(
    'Pointer targets are at least 24 by 24 CSS pixels, or spaced so a 24 px circle centred on each does not overlap another target, except inline links and essential sizes.',
    'Measure small icons, pagination and close buttons with the inspector: each is 24 by 24 CSS pixels or has enough space around it.',
    ['C42'],
  ),
  '3.1.1': e(
    'The default human language of the page is identified (lang on the html element) and is correct.',
    'Inspect the html element: its lang attribute names the language the page is written in (en, fr, de-CH), and a screen reader reads it with the right pronunciation.',
    ['H57'],
  ),
  '3.1.2': e(
    "Passages and phrases in another language than the page's are marked with their own lang.",
    'Find quotes, names of languages in a language switcher and phrases in other languages: each element has a lang attribute, and a screen reader switches voice for them.',
    ['H58'],
  ),
  '3.1.3': e(
    'Unusual words, idioms and jargon are explained (a glossary, inline definitions, links to definitions).',
    'Read the text looking for jargon and idioms: each is defined where it is used or through a glossary link.',
    ['G55', 'H40', 'G112'],
  ),
  '3.1.4': e(
    'The expanded form or meaning of abbreviations is available.',
    'Find each abbreviation and acronym: its expansion is given at first use, in a glossary, or by an abbr element.',
    ['G102', 'G97', 'G55'],
  ),
  '3.1.5': e(
    'Text needing more than lower secondary reading ability has a simpler summary, illustrations or a spoken version.',
    'Judge the reading level of the main text (a readability score helps): when it is advanced, a plain summary, pictures or audio are offered.',
    ['G86', 'G103', 'G79'],
  ),
  '3.1.6': e(
    'The pronunciation of words whose meaning depends on it is available.',
    'Look for words that are ambiguous without knowing their pronunciation: each is followed by its pronunciation, links to it, or uses ruby annotation.',
    ['G120', 'G121', 'H62'],
  ),
  '3.2.1': e(
    'Moving focus to a component does not change the context (no new window, submission, page change or focus jump).',
    'Tab onto every control without activating it: nothing opens, submits or moves focus elsewhere just because it received focus.',
    ['G107', 'F55'],
  ),
  '3.2.2': e(
    'Changing a setting (choosing an option, ticking a box, typing) does not change the context unless the user was told beforehand.',
    'Change each select, radio button, checkbox and field with the keyboard: the page does not navigate, submit or open a window until you activate a button, unless a warning says it will.',
    ['G80', 'H32', 'F36', 'F37'],
  ),
  '3.2.3': e(
    'Navigation repeated on several pages appears in the same relative order each time.',
    'Open several pages of the site: the menus, search and other repeated navigation appear in the same order on each.',
    ['G61', 'F66'],
  ),
  '3.2.4': e(
    'Components with the same function across the site are identified consistently (same label, icon, text alternative).',
    'Compare repeated controls across pages (search, print, next): each has the same label and text alternative everywhere.',
    ['G197', 'F31'],
  ),
  '3.2.5': e(
    "Changes of context happen only on the user's request, or can be turned off.",
    'Use the page without clicking: no window opens, no redirect happens and no content is replaced by itself; links that open new windows say so.',
    ['G76', 'H83', 'F41'],
  ),
  '3.2.6': e(
    'Help offered on several pages (contact details, a contact form, a chat, a help page link) is in the same relative place on each.',
    'Open several pages of the site: the help mechanism is found in the same place relative to the other content every time.',
    ['G220'],
  ),
  '3.3.1': e(
    'Input errors detected automatically are identified, and described to the user in text.',
    'Submit forms with missing and wrong values: each error names the field and what is wrong, in text, and a screen reader announces it (the field is marked invalid).',
    ['G83', 'ARIA21', 'SCR18'],
  ),
  '3.3.2': e(
    'Fields that need user input have visible labels or instructions (required fields, formats), not only placeholders or titles.',
    'Look at every form field before typing: each has a visible label that stays when you type, and required fields and expected formats are stated.',
    ['G131', 'H44', 'G89', 'F82'],
  ),
  '3.3.3': e(
    'When an input error is detected and a correction is known, the correction is suggested to the user.',
    'Enter wrong values (a date in the wrong format, a misspelt option): the error message says how to fix it, unless that would risk security.',
    ['G85', 'G177', 'ARIA18'],
  ),
  '3.3.4': e(
    'Submissions with legal, financial or data consequences can be reversed, are checked for errors, or can be reviewed and confirmed before they are final.',
    'Go through a purchase, booking or account change: a review step lets you correct answers before submitting, or you can undo it afterwards.',
    ['G98', 'G99', 'G155'],
  ),
  '3.3.5': e(
    'Context-sensitive help is available for fields and tasks.',
    'Look at complex fields and forms: instructions, examples or help links explain what to enter.',
    ['G71', 'G184', 'G89'],
  ),
  '3.3.6': e(
    'Every submission of information can be reversed, checked or confirmed before it is final.',
    'Submit each form of the page: you can review and correct it before submitting, or undo it afterwards.',
    ['G98', 'G99', 'G155'],
  ),
  '3.3.7': e(
    'Information the user already entered in a process is filled in again or available to select, rather than asked for twice.',
    'Go through a multi-step process (checkout, application): data you gave in an earlier step (addresses, names) is offered or filled in instead of typed again.',
    ['G221'],
  ),
  '3.3.8': e(
    'Signing in does not require a cognitive function test (remembering or transcribing a password or code, solving a puzzle) without an alternative or help.',
    'Sign in: the password field accepts pasting and password managers (correct autocomplete), codes can be pasted, and any puzzle has an alternative or only asks to recognise objects.',
    ['G218', 'H100', 'F109'],
  ),
  '3.3.9': e(
    'Signing in does not require any cognitive function test, not even recognising objects or user-supplied content, without an alternative.',
    'Sign in: passwords and codes can be pasted or filled in by a password manager, and no image or object recognition test stands alone.',
    ['G218', 'H100', 'F109'],
  ),
  '4.1.1': e(
    'Markup has no errors that break assistive technology: complete start and end tags, elements nested correctly, unique ids, no duplicate attributes (WCAG 2.0 and 2.1 targets only).',
    "Validate the page's HTML and look at the errors that matter: duplicate ids that labels or ARIA refer to, badly nested elements, duplicated attributes.",
    ['H88', 'H94', 'F77'],
  ),
  '4.1.2': e(
    'Every user interface component has a name and role that software can determine, and its states and values are exposed and announced when they change.',
    'With a screen reader (or the accessibility tree), reach each control, especially custom ones: it announces a meaningful name, the right role (button, tab, checkbox) and its state (expanded, checked, selected) as you use it.',
    ['ARIA14', 'ARIA16', 'F68'],
  ),
  '4.1.3': e(
    'Status messages (results of an action, progress, errors after submitting) are announced by assistive technology without moving focus.',
    'With a screen reader, trigger each status message (add to basket, search, save): it is announced without focus moving to it (role="status", role="alert" or a live region).',
    ['ARIA22', 'ARIA19', 'G199'],
  ),
}

/** The guidance for one success criterion, or null for an id WCAG 2.2 does not have. */
export function guidanceForCriterion(criterionId: string): ReviewGuidance | null {
  const entry = GUIDANCE[criterionId]
  if (!entry) return null
  return {
    check: entry.check,
    how: entry.how,
    techniques: entry.techniques.map((id) => ({
      id,
      title: WCAG_TECHNIQUE_TITLES[id] ?? id,
      url: techniqueUrl(id),
    })),
    understandingUrl: understandingUrl(criterionId),
  }
}

/**
 * The guidance for a result from its WCAG criteria: the first criterion WCAG 2.2 knows (an engine lists the
 * one its rule tests first); null for a best practice with no criterion.
 */
export function guidanceFor(criteria: readonly string[]): ReviewGuidance | null {
  for (const criterionId of criteria) {
    const guidance = guidanceForCriterion(criterionId)
    if (guidance) return guidance
  }
  return null
}

/** Every criterion that has guidance, in WCAG order (the tests hold it to WCAG_CRITERIA). */
export const GUIDED_CRITERIA: readonly string[] = WCAG_CRITERIA.map((criterion) => criterion.id).filter(
  (id) => id in GUIDANCE,
)
