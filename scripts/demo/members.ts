// The demo community: believable members of a Dublin makerspace. Invented people.
export interface DemoPost {
  slug: string;
  title: string;
  content: string;
  starred?: boolean;
  attachment?: 'bom.csv' | 'render.png' | 'notes.txt';
  date: string;
}

export interface DemoMember {
  username: string;
  fullname: string;
  bio: string;
  qualifications: string[];
  hue: number;
  posts: DemoPost[];
}

export const demoMembers: DemoMember[] = [
  {
    username: 'aoife_byrne',
    fullname: 'Aoife Byrne',
    hue: 18,
    qualifications: [
      'Mechanical Engineer',
      'MEng, Trinity College Dublin',
      'Certified SolidWorks Professional',
    ],
    bio: 'I design lightweight drone frames and spend far too many evenings at the carbon-fibre printer. Before the lab I worked on wind-turbine blade inspection rigs in Galway, which is where I learned that most hardware problems are really vibration problems. These days I am building a survey drone for coastal erosion monitoring with two friends from college, and I am always happy to talk fixtures, jigs and tolerances.',
    posts: [
      {
        slug: 'carbon-fibre-drone-frame-v3',
        title: 'Carbon-fibre drone frame, version 3',
        content:
          'Third iteration of the survey drone frame is off the Markforged.\n\nChanges from v2:\n- arms are 12% lighter with continuous fibre along the load path\n- motor mounts now take M3 inserts instead of self-tapping screws\n- the battery tray slides in from the back\n\nBill of materials attached. Flight tests on Saturday at the usual field.',
        starred: true,
        attachment: 'bom.csv',
        date: '2026-10-28T10:15:00Z',
      },
      {
        slug: 'vibration-isolation-for-cameras',
        title: 'Vibration isolation for the camera gimbal',
        content:
          'Tried four damper durometers on the gimbal plate. Shore 40A won by a mile: the jello effect in the footage is gone. Photos on the wall by the printers.',
        date: '2026-09-14T16:40:00Z',
      },
      {
        slug: 'printer-maintenance-notes',
        title: 'Notes from the printer maintenance evening',
        content:
          'Thanks to everyone who stayed late. Nozzles swapped on all three Prusas, the Bambu belts re-tensioned, and we found the cause of the layer shifts: a loose grub screw on the Y pulley.',
        attachment: 'notes.txt',
        date: '2026-07-02T19:05:00Z',
      },
    ],
  },
  {
    username: 'cian_oconnor',
    fullname: "Cian O'Connor",
    hue: 205,
    qualifications: ['Embedded Systems Engineer', 'BEng Electronic Engineering, UCD'],
    bio: 'Firmware person. Rust on microcontrollers, low-power radios, and the occasional very late debugging session with the logic analyser.',
    posts: [
      {
        slug: 'lora-soil-sensor-battery-life',
        title: 'LoRa soil sensor: 14 months on two AA cells',
        content:
          'Measured deep-sleep current at 4.2 µA after moving the RTC to the radio module. Projected battery life is now 14 months at one reading every 15 minutes.',
        starred: true,
        date: '2026-11-03T09:00:00Z',
      },
      {
        slug: 'reflow-profile-for-the-new-paste',
        title: 'Reflow profile for the new solder paste',
        content: 'Peak 245 °C, 60 s above liquidus. The old profile was cooking the QFNs.',
        date: '2026-08-19T13:30:00Z',
      },
    ],
  },
  {
    username: 'niamh_walsh',
    fullname: 'Niamh Walsh',
    hue: 150,
    qualifications: [
      'PhD Molecular Biology, University College Cork',
      'Biosafety Level 2 trained',
      'Wetlab lead',
      'iGEM mentor',
      'Science Foundation Ireland fellow',
    ],
    bio: 'I run the wetlab on Tuesdays and Thursdays and I am building a low-cost diagnostic for bovine TB that farmers can use in the yard. My background is in molecular biology: ten years of PCR, a few too many western blots and one very memorable autoclave incident that is the reason we now have a sign-in sheet. If you want to use the lab, come and find me first and I will walk you through the safety induction. I also mentor the Dublin iGEM team in the summer, so expect a crowd of undergraduates around July.',
    posts: [
      {
        slug: 'wetlab-induction-dates',
        title: 'Wetlab induction dates for December',
        content:
          'Inductions are on 4, 11 and 18 December at 18:00. You need one before you can use the autoclave or the cold room. Bring closed shoes.',
        starred: true,
        date: '2026-11-18T12:00:00Z',
      },
      {
        slug: 'lamp-assay-first-results',
        title: 'LAMP assay: first field results',
        content:
          'Twelve samples, twelve matches with the reference lab. Colour change visible by eye in 25 minutes. Next step is a lyophilised kit that survives a van in July.',
        attachment: 'render.png',
        date: '2026-10-05T15:20:00Z',
      },
      {
        slug: 'cold-storage-rules',
        title: 'Cold storage rules',
        content:
          'Label everything with your name and the date. Unlabelled tubes go in the bin on the first Monday of the month.',
        date: '2026-06-11T08:45:00Z',
      },
      {
        slug: 'reagent-order',
        title: 'Shared reagent order',
        content: 'Adding to the group order closes Friday. Put your line on the sheet by the fridge.',
        date: '2026-05-22T10:10:00Z',
      },
    ],
  },
  {
    username: 'tomas_kelly',
    fullname: 'Tomás Kelly',
    hue: 265,
    qualifications: ['Machine Learning Engineer', 'MSc Computer Science, University of Galway', 'Ex-Intel'],
    bio: 'Training small vision models that run on cheap cameras. I burn through the GPU tokens faster than anyone, sorry.',
    posts: [
      {
        slug: 'quantising-a-defect-detector',
        title: 'Quantising a defect detector to int8',
        content:
          'The weld defect model now runs at 18 fps on a 6-euro microcontroller camera after int8 quantisation. Accuracy dropped from 94.1% to 93.6%, which is fine for a first pass.',
        date: '2026-10-21T17:00:00Z',
      },
      {
        slug: 'gpu-token-etiquette',
        title: 'GPU token etiquette',
        content:
          'Please stop jobs you are not watching. A forgotten sweep ate 40 tokens last weekend. (It was mine.)',
        date: '2026-09-30T21:15:00Z',
      },
      {
        slug: 'dataset-labelling-party',
        title: 'Dataset labelling party, pizza provided',
        content:
          'Friday at 18:30. Two thousand weld photos need boxes drawn on them. Pizza and eternal gratitude provided.',
        date: '2026-08-08T11:00:00Z',
      },
      {
        slug: 'untitled-draft',
        title: 'Benchmarks for the edge camera',
        content: '',
        date: '2026-07-15T09:30:00Z',
      },
      {
        slug: 'camera-enclosure',
        title: 'Camera enclosure printed in PETG',
        content: 'IP54 with a single O-ring. STEP file on request.',
        date: '2026-06-20T14:00:00Z',
      },
      {
        slug: 'first-post',
        title: 'Hello from the GPU corner',
        content: 'New member, mostly training models, occasionally soldering badly.',
        date: '2026-05-02T10:00:00Z',
      },
    ],
  },
  {
    username: 'siobhan_murphy',
    fullname: 'Siobhán Murphy',
    hue: 330,
    qualifications: ['Industrial Designer', 'BDes, National College of Art and Design'],
    bio: 'Product design for medical devices. I care about how things feel in the hand and about making them easy to clean.',
    posts: [],
  },
  {
    username: 'darragh_nolan',
    fullname: 'Darragh Nolan',
    hue: 40,
    qualifications: ['CNC Machinist', 'Level 6 Apprenticeship in Toolmaking', 'Fusion CAM certified'],
    bio: 'I look after the CNC machines. If you want to cut aluminium, book an induction with me first. If you want to cut titanium, buy me a coffee and we will talk.',
    posts: [
      {
        slug: 'cnc-induction-slots',
        title: 'CNC induction slots',
        content:
          'Saturdays 10:00 and 14:00. Two people per slot. You will cut a bottle opener and take it home.',
        starred: true,
        date: '2026-11-10T09:00:00Z',
      },
      {
        slug: 'feeds-and-speeds-cheat-sheet',
        title: 'Feeds and speeds cheat sheet',
        content:
          'Pinned by the router. Conservative numbers for 6061, HDPE, birch ply and MDF with the tools we stock.',
        attachment: 'notes.txt',
        date: '2026-09-03T12:30:00Z',
      },
    ],
  },
  {
    username: 'grace_adeyemi',
    fullname: 'Grace Adeyemi',
    hue: 95,
    qualifications: ['Energy Systems Engineer', 'MSc Sustainable Energy, DTU'],
    bio: 'Building a sodium-ion battery management system for home storage. Trying to make energy storage boring and cheap.',
    posts: [
      {
        slug: 'bms-balancing-results',
        title: 'Passive vs active balancing: results',
        content:
          'After 200 cycles the active balancer kept the pack within 8 mV. Passive drifted to 41 mV. The cost difference is 3 euro per pack.',
        date: '2026-10-12T10:00:00Z',
      },
    ],
  },
  {
    username: 'liam_fitzgerald',
    fullname: 'Liam Fitzgerald',
    hue: 0,
    qualifications: [
      'Robotics Engineer',
      'PhD Robotics, Imperial College London',
      'ROS 2 maintainer',
      'Former Boston Dynamics intern',
    ],
    bio: 'I build legged robots on a budget. My current quadruped costs less than a good bicycle and falls over slightly less often than it did in September. I am here most evenings and I love explaining inverse kinematics to anyone who will stand still long enough. Ask me about actuator design, brushless motor control, or why you should never trust a 3D-printed gear under load.',
    posts: [
      {
        slug: 'quadruped-walks',
        title: 'The quadruped walks (mostly)',
        content: 'Trot gait stable at 0.4 m/s on the lab floor. Carpet is a different story.',
        starred: true,
        attachment: 'render.png',
        date: '2026-11-15T20:00:00Z',
      },
      {
        slug: 'cycloidal-drive-printed',
        title: 'A printed cycloidal drive that survived',
        content: '30:1 reduction, carbon-fibre nylon, 4 Nm peak before slipping. Files coming soon.',
        date: '2026-10-01T18:00:00Z',
      },
      {
        slug: 'motor-controller-fire',
        title: 'Post-mortem: the motor controller fire',
        content:
          'Nobody hurt, one MOSFET very dead. Root cause: gate driver undervoltage on brown-out. Fixed in rev C.',
        date: '2026-08-27T22:10:00Z',
      },
    ],
  },
  {
    username: 'mei_chen',
    fullname: 'Mei Chen',
    hue: 180,
    qualifications: ['Materials Scientist'],
    bio: 'Biodegradable packaging from seaweed. The smell is under control now.',
    posts: [
      {
        slug: 'seaweed-film-tensile-tests',
        title: 'Seaweed film tensile tests',
        content: 'Glycerol at 20% gives the best balance of strength and stretch. Data attached.',
        attachment: 'bom.csv',
        date: '2026-09-25T11:45:00Z',
      },
      {
        slug: 'sample-drying-rack',
        title: 'Sample drying rack',
        content: 'Built a drying rack out of offcuts. Please do not use it for your coats.',
        date: '2026-07-19T16:00:00Z',
      },
    ],
  },
  {
    username: 'ronan_daly',
    fullname: 'Ronan Daly',
    hue: 220,
    qualifications: ['Software Engineer', 'BSc Computer Science, Maynooth University'],
    bio: 'Full-stack developer helping hardware founders with the software bits nobody wants to write: dashboards, OTA updates and billing.',
    posts: [
      {
        slug: 'ota-updates-without-tears',
        title: 'OTA updates without tears',
        content:
          'A/B partitions, signed images and a watchdog that rolls back. Talk slides on the shared drive.',
        date: '2026-10-30T19:30:00Z',
      },
      {
        slug: 'empty-announcement',
        title: 'Placeholder for the hackathon announcement',
        content: '   ',
        date: '2026-11-20T08:00:00Z',
      },
    ],
  },
  {
    username: 'orla_brennan',
    fullname: 'Orla Brennan',
    hue: 300,
    qualifications: [
      'Biomedical Engineer',
      'MSc Biomedical Engineering, University of Limerick',
      'ISO 13485 auditor',
    ],
    bio: 'Wearable sensors for monitoring swallowing after stroke. Clinical trial paperwork is my cardio.',
    posts: [
      {
        slug: 'ethics-approval',
        title: 'Ethics approval came through',
        content:
          'Twenty patients at two hospitals from January. Huge thanks to everyone who tested the prototype collar.',
        starred: true,
        date: '2026-11-06T14:00:00Z',
      },
    ],
  },
  {
    username: 'kofi_mensah',
    fullname: 'Kofi Mensah',
    hue: 60,
    qualifications: ['Electronics Technician', 'HND Electrical Engineering', 'IPC J-STD-001 certified'],
    bio: 'I keep the electronics benches running and teach the Thursday soldering class. Beginners very welcome: everyone burns a finger once.',
    posts: [],
  },
  {
    username: 'eva_kowalska',
    fullname: 'Eva Kowalska',
    hue: 345,
    qualifications: ['Chemical Engineer', 'MEng, Warsaw University of Technology'],
    bio: 'Carbon capture with mineral carbonation. I grind a lot of rock and I apologise for the noise in advance.',
    posts: [
      {
        slug: 'ball-mill-schedule',
        title: 'Ball mill schedule',
        content: 'The mill runs Monday and Wednesday mornings. Ear defenders are on the hook by the door.',
        date: '2026-10-08T07:30:00Z',
      },
    ],
  },
];
